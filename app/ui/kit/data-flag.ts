/** A `data-` attribute as Mantine writes a flag: "true" when set, absent otherwise. */
export const dataFlag = (condition: boolean | undefined) => (condition ? "true" : undefined);
