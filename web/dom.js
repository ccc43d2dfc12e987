// Small DOM helpers shared by the page's modules: elements made in one call.

/** Return a new `tag` element with the class `className` (if any) and `text` (if given). */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Return a button (not a form's submit) showing `text`, with `data-*` attributes from `data`. */
export function button(text, data = {}) {
  const node = element("button", "", text);
  node.type = "button";
  Object.assign(node.dataset, data);
  return node;
}
