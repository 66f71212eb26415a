import type { TextBlock } from "~/content/types.ts";

export function TextBlocks({ blocks }: { blocks: readonly TextBlock[] }) {
  return blocks.map((block) =>
    typeof block === "string" ? (
      <p key={block}>{block}</p>
    ) : (
      <ul key={block.list.join("|")}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}
