import { CONTENT_MENTION } from '@meridian/domain';

/** An entity the writer picked from the mention list: the name the text shows and its id. */
export interface ChosenMention {
  id: string;
  name: string;
}

/**
 * A stored note's content as the editor shows it: each `@[Name](id)` becomes `@Name` (an id never
 * shows on a page), and the mentions are kept aside to be written back on save.
 */
export function editorTextOf(content: string): { text: string; mentions: ChosenMention[] } {
  const mentions: ChosenMention[] = [];
  const text = content.replace(new RegExp(CONTENT_MENTION.source, 'g'), (_match, name: string, id: string) => {
    if (!mentions.some((item) => item.id === id)) mentions.push({ id, name });
    return `@${name}`;
  });
  return { text, mentions };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The content the API stores: each `@Name` of a mention still in the text becomes `@[Name](id)`,
 * which is how the API knows whom the note mentions. Longer names are tried first, so that
 * "@Marie Tremblay" is not read as "@Marie".
 */
export function contentOf(text: string, mentions: readonly ChosenMention[]): string {
  if (mentions.length === 0) return text;
  const byName = new Map(mentions.map((item) => [item.name, item.id]));
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escape);
  return text.replace(
    new RegExp(`@(${names.join('|')})`, 'g'),
    (_match, name: string) => `@[${name}](${byName.get(name)})`,
  );
}

/** A piece of a note as shown: plain text, or a mention (its name, and what it names). */
export type ContentPart = { text: string } | { mention: ChosenMention };

/** A stored note's content cut into text and mentions, for display. */
export function contentParts(content: string): ContentPart[] {
  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of content.matchAll(new RegExp(CONTENT_MENTION.source, 'g'))) {
    if (match.index > last) parts.push({ text: content.slice(last, match.index) });
    parts.push({ mention: { name: match[1]!, id: match[2]! } });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}

/** The word being typed after an `@` just before the caret, or undefined when none is. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | undefined {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/**
 * A note's text with each mention as `@Name`, for a one-line excerpt (a search's excerpt may cut a
 * mention's markup short, so the id part is dropped up to its end or the excerpt's).
 */
export function plainNoteText(content: string): string {
  return content.replace(/@\[([^\]\n]*)\]\([^)\s]*\)?/g, '@$1');
}
