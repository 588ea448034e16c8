/**
 * Text made safe inside HTML: an element's content or a double-quoted attribute value. Used by
 * the pages the server and the build write as text (the results page, the pre-rendered pages,
 * the recap e-mail), where React does not escape for us.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
