import { Outlet } from "react-router";
import { ChatButton } from "~/components/chat-button.tsx";
import { Footer } from "~/components/footer.tsx";
import { Header } from "~/components/header.tsx";

export default function SiteLayout() {
  return (
    <>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <ChatButton />
      <Footer />
    </>
  );
}
