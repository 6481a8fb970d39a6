/** The shape of a translation: the same keys as English, every leaf a string (Bangla is complete). */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
