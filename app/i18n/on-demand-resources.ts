// The chunks of the namespaces in `onDemandNamespaces` (languages.ts), one per language.
export const onDemandLoaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/content.json");
