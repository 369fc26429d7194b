import { createElement as h } from "react";
import { emailColors, emailFont } from "./email-theme.ts";

/**
 * A link that looks like a button in every mail app: a padded, coloured anchor (no
 * <button>, no CSS a mail app might drop). `outline` for the secondary actions.
 */
export function EmailButton(props: { href: string; label: string; outline?: boolean }) {
  const filled = !props.outline;
  return h(
    "a",
    {
      href: props.href,
      className: filled ? undefined : "em-outline",
      style: {
        display: "inline-block",
        margin: "4px 8px 4px 0",
        padding: "10px 16px",
        borderRadius: "6px",
        border: `1px solid ${filled ? emailColors.green : emailColors.blue}`,
        background: filled ? emailColors.green : "transparent",
        color: filled ? "#ffffff" : emailColors.blue,
        fontFamily: emailFont,
        fontSize: "15px",
        fontWeight: 600,
        lineHeight: "20px",
        textDecoration: "none",
      },
    },
    props.label,
  );
}
