import { Outlet } from "react-router";
import { Footer } from "~/components/footer.tsx";
import { Header } from "~/components/header.tsx";

export default function SiteLayout() {
  return (
    <>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
