/**
 * The one place the rest of vidkeep gets TypeBox from. Core, plugins and the UI import `Type` and
 * `Static` through `@vidkeep/contracts` so that exactly one TypeBox package is ever in a build.
 */
export { default as Type } from 'typebox';
export type { Static, TSchema, TObject, TProperties } from 'typebox';
