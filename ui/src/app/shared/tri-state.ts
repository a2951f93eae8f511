/** A filter with three states: off (any), only the items that have it, or none of them. */
export type TriState = 'off' | 'only' | 'exclude';

export interface TriStateChoice {
  value: TriState;
  label: string;
}

/** The choices of a tri-state filter: "Any", then the words for `only` and `exclude`. */
export const triStateChoices = (only: string, exclude: string): readonly TriStateChoice[] => [
  { value: 'off', label: 'Any' },
  { value: 'only', label: only },
  { value: 'exclude', label: exclude },
];

export const isTriState = (v: unknown): v is TriState => v === 'off' || v === 'only' || v === 'exclude';
