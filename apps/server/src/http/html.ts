import { escapeHtml } from '../core/html-text.ts';

/**
 * A page of one message and a way back, for answers a browser shows without the web app (the
 * shop too busy to render, too many logins): no script, no style sheet, nothing to load.
 */
export function messagePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Labshop</title></head><body><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/">Back to the shop</a></p></body></html>`;
}
