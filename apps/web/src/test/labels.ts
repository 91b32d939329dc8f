/**
 * Matches a field's label text with or without its "Mandatory" tag (Testing Library reads the label's
 * text, tag included; a screen reader hears the name alone, the tag being aria-hidden).
 */
export function fieldLabel(name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(?:Bắt buộc|Mandatory|必填)?$`);
}
