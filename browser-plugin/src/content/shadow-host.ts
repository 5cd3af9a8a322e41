/**
 * The plug-in's own boxes on a page (progress badge, word pop-up): a host element on
 * `<html>` (outside `<body>`, so the page's body is never touched by them) with an open shadow
 * root whose `:host { all: initial }` keeps the page's CSS out.
 */

export const ownHosts = new Set<Element>();

const BASE_CSS = `
:host { all: initial; position: fixed; z-index: 2147483647; }
* { box-sizing: border-box; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; }
.box { background: #fff; color: #1f2933; border: 1px solid #cbd2d9; border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.18); padding: 8px 12px; }
.error { color: #b42318; }
button { cursor: pointer; border: 1px solid #9aa5b1; border-radius: 6px; background: #f5f7fa; color: #1f2933; padding: 2px 10px; margin-left: 8px; }
button:hover { background: #e4e7eb; }
`;

export function createShadowHost(id: string, css: string): { host: HTMLElement; root: ShadowRoot } {
  document.getElementById(id)?.remove();
  const host = document.createElement('div');
  host.id = id;
  // Page translation (and other translators) must leave our own text alone.
  host.setAttribute('translate', 'no');
  host.className = 'notranslate';
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = BASE_CSS + css;
  root.append(style);
  document.documentElement.append(host);
  ownHosts.add(host);
  return { host, root };
}

export function removeShadowHost(host: HTMLElement | null): void {
  if (!host) return;
  ownHosts.delete(host);
  host.remove();
}
