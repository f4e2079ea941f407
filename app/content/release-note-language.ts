/**
 * Release notes are authored content, written once in Portuguese (the product's first language):
 * whatever the interface language, their texts carry this tag so screen readers pronounce them right.
 */
export const releaseNoteLanguage = "pt-BR";
