/**
 * Option labels on screens, in the page's language: the shared rule (src/shared/option-labels.ts, also used by the
 * order emails) with the names of `common:optionName`. Pass the component's `t` so that a language switch
 * re-renders the label.
 */
import { optionName, optionsLabel } from '../../shared/option-labels';

type Translate = (key: string) => string;

/** "Talla: G · Color: Rojo" (Spanish page) or "Size: G · Colour: Rojo" (English page). */
export function formatOptions(t: Translate, options: Record<string, string>): string {
  return optionsLabel(options, (kind) => t(`common:optionName.${kind}`));
}

/** One option name as a label: "Talla" for size on a Spanish page; a name of the seller's own as entered. */
export function formatOptionName(t: Translate, name: string): string {
  return optionName(name, (kind) => t(`common:optionName.${kind}`));
}
