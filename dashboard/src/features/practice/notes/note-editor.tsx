import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { formatBytes, type NoteAttachmentInput } from '@meridian/domain';
import { toApiError, uploadFile } from '../../../api';
import { controlClass } from '../../../components/fields';
import { type ChosenMention, contentOf, mentionQueryAt } from './mention-text';
import { useMentionOptions } from './mention-picker';

/** What the editor saves: the title, the content with its mentions written in, and the files. */
export interface NoteDraft {
  title: string | null;
  content: string;
  attachments: NoteAttachmentInput[];
}

interface Attachment extends NoteAttachmentInput {
  size?: number;
}

/**
 * The note editor (the spec's Editor field kind): a title, the text with @mentions picked from a
 * list (team members, persons, households, contacts), and files attached by dropping them on the
 * editor or with the button. Each file is uploaded as it is added; the note names them on save.
 */
export function NoteEditor({
  teamId,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  testId,
}: {
  teamId: string;
  initial?: { title: string; text: string; mentions: ChosenMention[]; attachments: Attachment[] };
  submitLabel: string;
  onSubmit: (draft: NoteDraft) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [text, setText] = useState(initial?.text ?? '');
  const [mentions, setMentions] = useState<ChosenMention[]>(initial?.mentions ?? []);
  const [attachments, setAttachments] = useState<Attachment[]>(initial?.attachments ?? []);
  const [uploading, setUploading] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = caretAfterRender.current;
    if (position === null) return;
    caretAfterRender.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(position, position);
  }, [text]);
  const typing = dismissed ? undefined : mentionQueryAt(text, caret);
  const options = useMentionOptions(teamId, typing?.query);
  const listOpen = typing !== undefined && options.length > 0;

  function choose(option: ChosenMention) {
    if (!typing) return;
    const before = text.slice(0, typing.start);
    const after = text.slice(caret);
    const inserted = `@${option.name} `;
    const next = before + inserted + after;
    setText(next);
    setMentions((current) => (current.some((item) => item.id === option.id) ? current : [...current, option]));
    const position = before.length + inserted.length;
    setCaret(position);
    // Placed right after React writes the new text, before the next key can land: a frame later,
    // a fast typist's next letter went to the end of the text.
    caretAfterRender.current = position;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!listOpen) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const option = options[Math.min(active, options.length - 1)];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(true);
    }
  }

  async function addFiles(files: readonly File[]) {
    setError(undefined);
    for (const file of files) {
      setUploading((current) => [...current, file.name]);
      try {
        const ticket = await uploadFile(file, { fileSize: file.size });
        setAttachments((current) => [...current, { url: ticket.filePath, fileName: file.name, size: file.size }]);
      } catch (failure) {
        setError(`${file.name}: ${toApiError(failure).message}`);
      } finally {
        setUploading((current) => current.filter((name) => name !== file.name));
      }
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Write something in the note');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const kept = mentions.filter((item) => text.includes(`@${item.name}`));
      await onSubmit({
        title: title.trim() || null,
        content: contentOf(text, kept),
        attachments: attachments.map(({ url, fileName }) => ({ url, fileName })),
      });
      if (!initial) {
        setTitle('');
        setText('');
        setMentions([]);
        setAttachments([]);
      }
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setPending(false);
    }
  }

  const listId = `${id}-mentions`;
  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={initial ? 'Edit note' : 'New note'}
      className={`space-y-3 rounded-tremor-default border p-4 ${dragging ? 'border-tremor-brand bg-tremor-brand-faint' : 'border-tremor-border'}`}
      data-testid={testId}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void addFiles([...event.dataTransfer.files]);
      }}
    >
      <div>
        <label htmlFor={`${id}-title`} className="block text-tremor-default font-medium text-tremor-content-strong">
          Title
        </label>
        <input
          id={`${id}-title`}
          className={`mt-1 ${controlClass(false)}`}
          value={title}
          placeholder="Optional, e.g. Annual review meeting"
          onChange={(event) => setTitle(event.target.value)}
          data-testid={`${testId}-title`}
        />
      </div>
      <div className="relative">
        <label htmlFor={`${id}-text`} className="block text-tremor-default font-medium text-tremor-content-strong">
          Note
        </label>
        <textarea
          id={`${id}-text`}
          ref={textarea}
          rows={initial ? 4 : 3}
          className={`mt-1 ${controlClass(false)}`}
          value={text}
          placeholder="What was said or decided. Type @ to mention a colleague, a person, a household or a contact."
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setDismissed(false);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => window.setTimeout(() => setDismissed(true), 150)}
          onFocus={() => setDismissed(false)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          data-testid={`${testId}-text`}
        />
        {listOpen && (
          <ul
            id={listId}
            role="listbox"
            aria-label="People and records to mention"
            className="absolute z-20 mt-1 max-h-64 w-80 overflow-y-auto rounded-tremor-default border border-tremor-border bg-tremor-background py-1 shadow-tremor-dropdown"
            data-testid="mention-options"
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                role="option"
                aria-selected={index === active}
                className={`cursor-pointer px-3 py-1.5 text-tremor-default ${index === active ? 'bg-tremor-brand-faint' : ''}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
                data-testid="mention-option"
              >
                <span className="font-medium text-tremor-content-strong">{option.name}</span>
                <span className="ml-2 text-tremor-label text-tremor-content">{option.kindLabel}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="space-y-1">
        {attachments.length > 0 && (
          <ul aria-label="Attached files" className="space-y-1">
            {attachments.map((item) => (
              <li
                key={item.url}
                className="flex items-center gap-2 text-tremor-default text-tremor-content-emphasis"
                data-testid={`${testId}-attachment`}
              >
                <span>{item.fileName}</span>
                {item.size !== undefined && (
                  <span className="text-tremor-label text-tremor-content">{formatBytes(item.size)}</span>
                )}
                <button
                  type="button"
                  className="text-tremor-label text-tremor-brand hover:underline"
                  onClick={() => setAttachments((current) => current.filter((other) => other.url !== item.url))}
                  aria-label={`Remove ${item.fileName}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {uploading.map((name) => (
          <p key={name} className="text-tremor-label text-tremor-content" role="status">
            Uploading {name}…
          </p>
        ))}
        <input
          ref={fileInput}
          type="file"
          multiple
          className="hidden"
          aria-label="Attach files"
          data-testid={`${testId}-file-input`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void addFiles(files);
          }}
        />
      </div>
      {error && <Callout title={error} color="rose" role="alert" data-testid={`${testId}-error`} />}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          Attach files
        </Button>
        <span className="flex-1 self-center text-tremor-label text-tremor-content">or drop them on the note</span>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={pending} disabled={uploading.length > 0}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
