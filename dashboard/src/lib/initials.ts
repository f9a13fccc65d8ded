/** Up to two initials of a name ("Ada Lovelace" → "AL"), for a person shown without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? words[0]!.charAt(0) + words[words.length - 1]!.charAt(0) : (words[0]?.slice(0, 2) ?? '');
  return letters.toUpperCase();
}
