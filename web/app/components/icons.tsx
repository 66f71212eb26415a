/**
 * The site's icons, each drawn once. Every page that runs React loads this module (it is shared
 * by several pages' code), so the drawings are one table behind one component: a component per
 * icon would cost each page an import and an export per name.
 */

const stroke = { stroke: "currentColor", strokeWidth: "2" } as const;
const eye = (
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" {...stroke} />
    <circle cx="12" cy="12" r="3" fill="currentColor" />
  </>
);

/** Each icon's drawing on a 24-unit grid, and its size in pixels. */
const icons = {
  menu: {
    size: 24,
    drawing: <path d="M3 6h18M3 12h18M3 18h18" {...stroke} strokeLinecap="round" />,
  },
  close: { size: 24, drawing: <path d="M6 6l12 12M18 6L6 18" {...stroke} strokeLinecap="round" /> },
  play: { size: 20, drawing: <path d="M8 5v14l11-7z" fill="currentColor" /> },
  /** Show password. */
  eye: { size: 22, drawing: eye },
  /** Hide password: the eye struck through. */
  eyeStruck: {
    size: 22,
    drawing: (
      <>
        {eye}
        <path d="M4 4l16 16" {...stroke} />
      </>
    ),
  },
  whatsApp: {
    size: 28,
    drawing: (
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
      />
    ),
  },
} as const;

export type IconName = keyof typeof icons;

/**
 * An icon sits beside words that say what it does (a visually hidden label or the button's
 * text), so it is hidden from screen readers.
 */
export function Icon({ name }: { name: IconName }) {
  const { size, drawing } = icons[name];
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {drawing}
    </svg>
  );
}

/** The logo's mark, in the brand's own colours whatever the text colour around it. */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b4f9c" />
      <path d="M8 9h4l4 6 4-6h4l-6 9v6h-4v-6z" fill="#ffc233" />
    </svg>
  );
}
