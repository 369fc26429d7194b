import { type CSSProperties, createElement as h, type ReactNode } from "react";
import { darkModeCss, emailColors, emailFont } from "./email-theme.ts";

/** A table the way mail apps lay out: no spacing, no border, read as layout, not data. */
export function LayoutTable(props: {
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return h(
    "table",
    {
      role: "presentation",
      className: props.className,
      width: "100%",
      cellPadding: 0,
      cellSpacing: 0,
      border: 0,
      style: { borderCollapse: "collapse", ...props.style },
    },
    h("tbody", null, props.children),
  );
}

/** One row of one cell. */
export function Row(props: { children?: ReactNode; style?: CSSProperties }) {
  return h("tr", null, h("td", { style: props.style }, props.children));
}

/**
 * The whole email: a grey page, a white card at most 600px wide (a phone shows it edge
 * to edge), the sender's name in a green band, then the content. `preheader` is the line
 * mail apps show after the subject in the inbox.
 */
export function EmailLayout(props: {
  title: string;
  preheader: string;
  senderName: string;
  children?: ReactNode;
}) {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, props.title),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS, no input in it
      h("style", { dangerouslySetInnerHTML: { __html: darkModeCss } }),
    ),
    h(
      "body",
      {
        className: "em-page",
        style: { margin: 0, padding: 0, background: emailColors.page, fontFamily: emailFont },
      },
      h(
        "div",
        {
          style: { display: "none", maxHeight: 0, overflow: "hidden", opacity: 0 },
        },
        props.preheader,
      ),
      h(
        LayoutTable,
        { style: { background: emailColors.page } },
        h(
          "tr",
          null,
          h(
            "td",
            { align: "center", className: "em-page", style: { padding: "16px 8px" } },
            h(
              LayoutTable,
              {
                className: "em-card",
                style: {
                  maxWidth: "600px",
                  background: emailColors.card,
                  border: `1px solid ${emailColors.border}`,
                  borderRadius: "8px",
                },
              },
              h(
                Row,
                {
                  style: {
                    background: emailColors.green,
                    color: "#ffffff",
                    padding: "16px 20px",
                    fontSize: "18px",
                    fontWeight: 700,
                    borderRadius: "8px 8px 0 0",
                  },
                },
                props.senderName,
              ),
              h(Row, { style: { padding: "20px" } }, props.children),
            ),
          ),
        ),
      ),
    ),
  );
}
