import type { TextBlock } from "@ysp/content/types";

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
