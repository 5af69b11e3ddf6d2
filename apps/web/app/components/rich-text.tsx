/**
 * Typography for HTML written in the admin's rich-text editor: headings, paragraphs, lists,
 * tables, links, images and quotes, in the storefront's look. Shared by the public text pages
 * and the admin's editor, so what the admin writes looks as it will on the page.
 */
export const richTextClass = [
  'max-w-none break-words text-base leading-7 text-slate-700',
  '[&>*:first-child]:mt-0',
  '[&_h1]:mt-10 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:leading-tight [&_h1]:text-brand-900',
  '[&_h2]:mt-10 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight [&_h2]:text-brand-900',
  '[&_h3]:mt-8 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-brand-900',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-brand-900',
  '[&_p]:my-4',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:my-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li>p]:my-1 [&_li::marker]:text-brand-500',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-slate-100',
  '[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm sm:[&_table]:table',
  '[&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-100 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border [&_td]:border-slate-300 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  // The editor wraps each cell's text in a paragraph; a page's paragraph margin would make
  // every row tall.
  '[&_td>p]:my-0 [&_th>p]:my-0',
].join(' ');

export interface RichTextProps {
  /** HTML the server sanitised when it was saved. */
  html: string;
  className?: string;
}

/** Shows sanitised HTML from the API in the storefront's typography. */
export function RichText({ html, className = '' }: RichTextProps) {
  return (
    <div
      className={`${richTextClass} ${className}`}
      // The server sanitises page HTML on save (sanitize-html): no script, no event handlers.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
