/** A translation with its `{{key}}` placeholders filled from `values` (a missing key leaves nothing). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
