/** The whole config schema, composed of the core's keys and each loaded plugin's section. */
import { CoreConfigSection, Type, type TObject, type TSchema } from '@vidkeep/contracts';

export interface ConfigSection {
  owner: string;
  schema: TObject;
}

/** Builds the whole config schema from the core's keys and every loaded plugin's section. */
export function composeConfigSchema(sections: ConfigSection[]): {
  schema: TObject;
  owners: Map<string, string>;
} {
  const owners = new Map<string, string>();
  const properties: Record<string, TSchema> = {};
  for (const section of [{ owner: 'core', schema: CoreConfigSection as TObject }, ...sections]) {
    for (const [key, schema] of Object.entries(section.schema.properties)) {
      const previous = owners.get(key);
      if (previous !== undefined) {
        throw new Error(`Plugin "${section.owner}": config key "${key}" is already declared by "${previous}"`);
      }
      owners.set(key, section.owner);
      properties[key] = schema as TSchema;
    }
  }
  return { schema: Type.Object(properties), owners };
}
