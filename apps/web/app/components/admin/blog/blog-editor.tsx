import { useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Image } from '@tiptap/extension-image';
import { TextSelection } from '@tiptap/pm/state';
import { isArticleImageSource } from '@shop/domain/blog';
import { mediaUrl } from '../../../lib/media';
import { proseClasses } from '../../content/prose';
import { PhotoDropZone, UploadList, usePhotoUploads } from '../media/photo-manager';

// This module is the only one that imports the editor (Tiptap and ProseMirror, about 100 KB
// gzipped): the post form loads it with React.lazy, so it is a chunk of its own that only the
// journal's edit screens download, never a shopper's page nor the other back-office screens.

/**
 * Pasted HTML (from a web page, a document, another tab), made harmless before the editor reads
 * it: parsed inertly (DOMParser runs no script and loads no picture), scripts, frames, styles and
 * event handlers removed, and pictures the server would drop (sanitize-html.ts) left out, so the
 * author sees what will be kept. The server still sanitizes whatever arrives.
 */
export function cleanPastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const node of document.body.querySelectorAll('script, iframe, object, embed, style, link')) {
    node.remove();
  }
  for (const image of document.body.querySelectorAll('img')) {
    if (!isArticleImageSource(image.getAttribute('src'))) image.remove();
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  }
  return document.body.innerHTML;
}

/** The width pictures in an article are served at: the article column on a 2x phone screen. */
const ARTICLE_PICTURE_WIDTH = 1200;

const toolButton =
  'min-w-9 rounded-lg border border-line bg-white px-2.5 py-1.5 text-sm font-medium hover:border-brand-300 aria-pressed:border-brand-600 aria-pressed:bg-blush disabled:opacity-40';
const smallButton =
  'whitespace-nowrap rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium hover:border-brand-300 disabled:opacity-50';
const field = 'block w-full rounded-xl border border-line bg-white px-3 py-2 text-sm';

export const linkMessages = {
  invalid: 'Enter an address starting with https://, / (a page of the shop) or mailto:.',
} as const;

/**
 * An address as the author types it, made one the server keeps: a page of the shop (`/...`), a
 * site over https (`example.com` gets https:// added) or a mail address; anything else (an
 * `http:` or `javascript:` address) is refused here as the server would drop it.
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  if (/^\/(?!\/)\S*$/.test(text)) return text;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(text)) return text;
  if (/^https:\/\/[^\s/]+\.[^\s]+$/i.test(text)) return text;
  if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}

function ToolButton({
  label,
  pressed,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={toolButton}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the editor's selection: the toolbar acts on what the author selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The address of a link on the selection: add, change or remove. */
function LinkPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [typed, setTyped] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);

  function apply() {
    const href = linkAddress(typed);
    if (!href) {
      setProblem(linkMessages.invalid);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked words.
      chain.insertContent({
        type: 'text',
        text: typed.trim(),
        marks: [{ type: 'link', attrs: { href } }],
      });
    } else {
      chain.extendMarkRange('link').setLink({ href });
    }
    chain
      // The cursor goes after the linked words: left selected, the next key (Enter, a letter)
      // would replace them; and what is typed next is not part of the link.
      .command(({ tr }) => {
        tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
        tr.removeStoredMark(tr.doc.type.schema.marks.link!);
        return true;
      })
      .run();
    onDone();
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-line bg-blush/40 p-3">
      <label htmlFor="blog-link-address" className="text-sm font-medium">
        Link address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="blog-link-address"
          value={typed}
          // Focused on opening, as the author came here to type the address.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          placeholder="https://… or /products/bras"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'blog-link-problem' : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the link rather than submitting the post's form.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
            if (event.key === 'Escape') onDone();
          }}
          className={`${field} min-w-0 flex-1`}
        />
        <button type="button" className={smallButton} onClick={apply}>
          Apply link
        </button>
        {current ? (
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Remove link
          </button>
        ) : null}
        <button type="button" className={smallButton} onClick={onDone}>
          Cancel
        </button>
      </div>
      {problem ? (
        <p id="blog-link-problem" className="text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A photo into the text: uploaded through the photo library, described, then placed. */
function PhotoPanel({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { uploads, add, dismiss } = usePhotoUploads((uploaded) => setPhoto(uploaded.url));

  function insert() {
    if (!photo) return;
    if (alt.trim() === '') {
      setProblem('Describe the photo for readers who cannot see it (alt text).');
      return;
    }
    editor
      .chain()
      .focus()
      .setImage({ src: mediaUrl(photo, ARTICLE_PICTURE_WIDTH), alt: alt.trim() })
      .run();
    onDone();
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-blush/40 p-3">
      {photo ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <img
            src={mediaUrl(photo, 400)}
            alt=""
            className="h-24 w-32 rounded-lg border border-line object-cover"
          />
          <div className="flex-1">
            <label htmlFor="blog-photo-alt" className="block text-sm font-medium">
              Alt text
            </label>
            <input
              id="blog-photo-alt"
              value={alt}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'blog-photo-problem' : undefined}
              onChange={(event) => setAlt(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  insert();
                }
              }}
              className={`${field} mt-1`}
            />
          </div>
          <button type="button" className={smallButton} onClick={insert}>
            Insert photo
          </button>
        </div>
      ) : (
        <PhotoDropZone label="Photo for the text" onFiles={(files) => add(files.slice(0, 1))} />
      )}
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {problem ? (
        <p id="blog-photo-problem" className="text-sm text-brand-800">
          {problem}
        </p>
      ) : null}
      <button type="button" className={`${smallButton} self-start`} onClick={onDone}>
        Cancel
      </button>
    </div>
  );
}

interface BlogEditorProps {
  /** The stored (sanitized) HTML the editor starts from. */
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the label naming the article body. */
  labelId: string;
  problemId?: string;
  invalid: boolean;
}

/**
 * The article body's rich-text editor (Tiptap): headings, bold and italic, lists, quotes, links
 * and photos, nothing else, so that what the author sees is what the server's allowlist keeps.
 * It hands its HTML up on every change; the server sanitizes it before storing it.
 */
export function BlogEditor({
  initialHtml,
  onChange,
  labelId,
  problemId,
  invalid,
}: BlogEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The article's own title is its h2 on the storefront's reader; sections are h2 and h3
        // as the seeded guides use them.
        heading: { levels: [2, 3] },
        // Not in the article allowlist, or not wanted in the journal: left out of the editor so
        // nothing written here is dropped on save.
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // The server decides how a link opens (sanitize-html.ts).
          HTMLAttributes: { target: null, rel: null },
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: initialHtml,
    // The back office renders in the browser only; no server markup to match.
    immediatelyRender: false,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(problemId ? { 'aria-describedby': problemId } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: `${proseClasses} min-h-72 px-4 py-3 focus:outline-none`,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  if (!editor) {
    return (
      <p role="status" className="rounded-xl border border-line bg-white p-4 text-sm text-muted">
        Loading the editor...
      </p>
    );
  }
  return <EditorWithToolbar editor={editor} invalid={invalid} />;
}

/** The toolbar over the text, its buttons showing what applies where the cursor is. */
function EditorWithToolbar({ editor, invalid }: { editor: Editor; invalid: boolean }) {
  const [panel, setPanel] = useState<'link' | 'photo' | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
      undo: current.can().undo(),
      redo: current.can().redo(),
    }),
  });

  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();

  return (
    <div
      className={`overflow-hidden rounded-2xl border bg-white ${invalid ? 'border-brand-600' : 'border-line'}`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1.5 border-b border-line bg-cream/60 p-2"
      >
        <ToolButton
          label="Heading"
          pressed={active.h2}
          onClick={() => run((c) => c.toggleHeading({ level: 2 }))}
        >
          H2
        </ToolButton>
        <ToolButton
          label="Subheading"
          pressed={active.h3}
          onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
        >
          H3
        </ToolButton>
        <ToolButton label="Bold" pressed={active.bold} onClick={() => run((c) => c.toggleBold())}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton
          label="Italic"
          pressed={active.italic}
          onClick={() => run((c) => c.toggleItalic())}
        >
          <em>I</em>
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          pressed={active.bullets}
          onClick={() => run((c) => c.toggleBulletList())}
        >
          • List
        </ToolButton>
        <ToolButton
          label="Numbered list"
          pressed={active.numbers}
          onClick={() => run((c) => c.toggleOrderedList())}
        >
          1. List
        </ToolButton>
        <ToolButton
          label="Quote"
          pressed={active.quote}
          onClick={() => run((c) => c.toggleBlockquote())}
        >
          “ Quote
        </ToolButton>
        <ToolButton
          label="Link"
          pressed={active.link || panel === 'link'}
          onClick={() => setPanel(panel === 'link' ? null : 'link')}
        >
          Link
        </ToolButton>
        <ToolButton
          label="Photo"
          pressed={panel === 'photo'}
          onClick={() => setPanel(panel === 'photo' ? null : 'photo')}
        >
          Photo
        </ToolButton>
        <ToolButton label="Undo" disabled={!active.undo} onClick={() => run((c) => c.undo())}>
          ↶
        </ToolButton>
        <ToolButton label="Redo" disabled={!active.redo} onClick={() => run((c) => c.redo())}>
          ↷
        </ToolButton>
      </div>
      {panel === 'link' ? (
        <div className="border-b border-line p-2">
          <LinkPanel editor={editor} onDone={() => setPanel(null)} />
        </div>
      ) : null}
      {panel === 'photo' ? (
        <div className="border-b border-line p-2">
          <PhotoPanel editor={editor} onDone={() => setPanel(null)} />
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
