import { useEffect } from "react";
import { colorSchemeAttribute } from "#app/shell/color-scheme.ts";
import { embedMessage } from "#contract/embed.ts";
import { themeFromHost } from "./embed-color-scheme.ts";

/**
 * The widget's side of its frame (decision 040): tells the page around it how tall it is
 * whenever that changes, so our script sizes the frame to fit (no inner scroll bar), and
 * takes the host page's scheme when it changes. Neither message carries anything private:
 * the height goes to whichever page frames us.
 */
export function useHostFrame(): void {
  useEffect(() => {
    if (window.parent === window) return;
    const root = document.documentElement;
    let sent = 0;
    const sendSize = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === sent) return;
      sent = height;
      window.parent.postMessage({ type: embedMessage.size, height }, "*");
    };
    const observer = new ResizeObserver(sendSize);
    observer.observe(root);
    sendSize();
    const onMessage = (event: MessageEvent) => {
      const theme = themeFromHost(event);
      if (theme) root.setAttribute(colorSchemeAttribute, theme);
    };
    window.addEventListener("message", onMessage);
    return () => {
      observer.disconnect();
      window.removeEventListener("message", onMessage);
    };
  }, []);
}
