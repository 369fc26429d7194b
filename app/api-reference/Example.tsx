import { Code } from "@mantine/core";

/** An example, wrapped rather than scrolled sideways on a phone. */
export function Example({ children }: { children: string }) {
  return (
    <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {children}
    </Code>
  );
}
