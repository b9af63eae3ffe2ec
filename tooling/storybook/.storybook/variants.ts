import { variant as human16 } from '@cgm-portal/human-16-lang/variant';
import { variant as human7 } from '@cgm-portal/human-7-lang/variant';
import { variant as pet } from '@cgm-portal/pet-english/variant';
import type { Variant } from '@cgm-portal/portal';

/** The three build-time variants, by id, for the toolbar and the theme stories. */
export const variants: Record<string, Variant> = {
  [human16.id]: human16,
  [human7.id]: human7,
  [pet.id]: pet,
};
