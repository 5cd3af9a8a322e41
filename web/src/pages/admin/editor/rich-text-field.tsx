/**
 * A rich-text field: Mantine's Tiptap editor with the subset the server keeps (sanitize.ts):
 * paragraphs, headings 2-4, bold, italic, underline, strike, code, lists, quotes, code blocks
 * and links. What it produces is HTML; the server cleans it again whatever arrives.
 */
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

type Props = { label: string; value: string; onChange: (html: string) => void; testId?: string };

export function RichTextField({ label, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    // Rendered on the server in tests: the editor starts in the browser only.
    immediatelyRender: false,
    extensions: [
      // StarterKit 3 carries a link extension; Mantine's (the same, with its keyboard shortcut) replaces it.
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, horizontalRule: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Input.Wrapper label={label} data-testid={testId}>
      <RichTextEditor editor={editor} labels={{ linkEditorInputLabel: t('content.linkUrl'), linkEditorSave: t('content.save') }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
