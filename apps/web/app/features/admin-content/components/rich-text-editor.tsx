import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Selection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Grid2x2X,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Table,
  Undo2,
  Unlink,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { richTextClass } from '../../../components/rich-text.tsx';

/**
 * The Text Pages editor: TipTap with the StarterKit (headings, lists, blockquote, links,
 * undo), images by address and tables. This module is loaded lazily (React.lazy), so TipTap
 * stays in the Text Pages screen's own chunk, and it renders only in the browser
 * (immediatelyRender: false). What it writes is HTML; the server sanitises it on save.
 */

/**
 * The editing area looks like the public page (the storefront's rich-text typography), plus
 * what only an editor needs: room to type, and marks on a chosen image or table cell.
 */
const CONTENT_CLASS = [
  richTextClass,
  'min-h-80 px-4 py-3 focus:outline-none',
  '[&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-brand-500',
  '[&_.selectedCell]:bg-brand-50 [&_table]:table',
].join(' ');

/** Addresses a link or an image may have; anything else is refused here and by the server. */
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(https?:\/\/|\/(?!\/))/i;

export interface RichTextEditorProps {
  /** The HTML to start from; the editor is remounted (a new key) to load other content. */
  content: string;
  /** The accessible name of the editing area. */
  label: string;
  /** Called with the HTML after every change. */
  onChange: (html: string) => void;
}

export default function RichTextEditor({ content, label, onChange }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => SAFE_LINK.test(url),
        },
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: CONTENT_CLASS,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });

  if (!editor) {
    return <div className="min-h-80 rounded-md border border-slate-300 bg-white" />;
  }
  return (
    <div className="rounded-md border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200">
      <Toolbar editor={editor} label={label} />
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  blockquote: boolean;
  table: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  // Re-rendered only when what the buttons show changes, not on every keystroke.
  const state = useEditorState<ToolState>({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      blockquote: current.isActive('blockquote'),
      table: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const chain = () => editor.chain().focus();

  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const answer = window.prompt('Link address (leave empty to remove the link)', previous);
    if (answer === null) return;
    const href = answer.trim();
    if (href === '') {
      chain().extendMarkRange('link').unsetLink().run();
      setNotice(null);
      return;
    }
    if (!SAFE_LINK.test(href)) {
      setNotice('A link must start with https://, http://, mailto:, tel: or /.');
      return;
    }
    setNotice(null);
    if (editor.state.selection.empty && !state.link) {
      // Nothing selected: the address itself becomes the linked text.
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
  };

  const addImage = () => {
    const answer = window.prompt(
      'Image address (https://… or a path on this site such as /images/…)',
    );
    if (answer === null || answer.trim() === '') return;
    const src = answer.trim();
    if (!SAFE_IMAGE.test(src)) {
      setNotice('An image address must start with https://, http:// or /.');
      return;
    }
    const alt = window.prompt('Describe the image for people who cannot see it') ?? '';
    setNotice(null);
    chain()
      .setImage({ src, alt: alt.trim() })
      // The new image would stay selected, and the next key or button would replace it: the
      // cursor goes on after it instead.
      .command(({ tr, state }) => {
        const after = tr.selection.to;
        const next = Selection.findFrom(tr.doc.resolve(after), 1, true);
        if (next) {
          tr.setSelection(next);
        } else {
          // The image ends the page: a paragraph after it to go on typing in.
          tr.insert(after, state.schema.nodes.paragraph!.create());
          tr.setSelection(TextSelection.create(tr.doc, after + 1));
        }
        return true;
      })
      .run();
  };

  const tools: Tool[] = [
    { label: 'Bold', icon: Bold, active: state.bold, run: () => chain().toggleBold().run() },
    {
      label: 'Italic',
      icon: Italic,
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      label: 'Heading 2',
      icon: Heading2,
      active: state.heading2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
      group: true,
    },
    {
      label: 'Heading 3',
      icon: Heading3,
      active: state.heading3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bullet list',
      icon: List,
      active: state.bulletList,
      run: () => chain().toggleBulletList().run(),
      group: true,
    },
    {
      label: 'Numbered list',
      icon: ListOrdered,
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Blockquote',
      icon: Quote,
      active: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    { label: 'Link', icon: Link, active: state.link, run: setLink, group: true },
    {
      label: 'Remove link',
      icon: Unlink,
      disabled: !state.link,
      run: () => chain().extendMarkRange('link').unsetLink().run(),
    },
    { label: 'Image by address', icon: ImagePlus, run: addImage },
    {
      label: 'Insert table',
      icon: Table,
      disabled: state.table,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    ...(state.table
      ? [
          {
            label: 'Add row below',
            icon: BetweenHorizontalEnd,
            run: () => chain().addRowAfter().run(),
          },
          {
            label: 'Add column after',
            icon: BetweenVerticalEnd,
            run: () => chain().addColumnAfter().run(),
          },
          { label: 'Delete table', icon: Grid2x2X, run: () => chain().deleteTable().run() },
        ]
      : []),
    {
      label: 'Undo',
      icon: Undo2,
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
      group: true,
    },
    { label: 'Redo', icon: Redo2, disabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  return (
    <div className="sticky top-0 z-10 rounded-t-md border-b border-slate-200 bg-slate-50">
      <div
        role="toolbar"
        aria-label={`Formatting for ${label}`}
        className="flex flex-wrap items-center gap-0.5 p-1.5"
      >
        {tools.map((tool) => (
          <ToolButton key={tool.label} tool={tool} />
        ))}
      </div>
      <p role="status" className={notice ? 'px-3 pb-2 text-sm text-red-700' : 'sr-only'}>
        {notice}
      </p>
    </div>
  );
}

interface Tool {
  label: string;
  icon: LucideIcon;
  run: () => void;
  /** A toggle's state (aria-pressed); undefined for plain actions. */
  active?: boolean;
  disabled?: boolean;
  /** Starts a new group: a thin divider before it. */
  group?: boolean;
}

function ToolButton({ tool }: { tool: Tool }) {
  const Icon = tool.icon;
  return (
    <>
      {tool.group && <span className="mx-1 h-6 w-px bg-slate-300" aria-hidden="true" />}
      <button
        type="button"
        title={tool.label}
        aria-label={tool.label}
        aria-pressed={tool.active}
        disabled={tool.disabled}
        // The editor keeps its selection: a mousedown here would otherwise move the focus.
        onMouseDown={(event) => event.preventDefault()}
        onClick={tool.run}
        className={`inline-flex h-9 w-9 items-center justify-center rounded text-slate-700 hover:bg-white hover:text-brand-800 disabled:cursor-not-allowed disabled:opacity-40 ${
          tool.active ? 'bg-brand-100 text-brand-900' : ''
        }`}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </>
  );
}
