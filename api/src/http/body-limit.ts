/** 16 KB: far more than any body this API takes, small enough to refuse floods early. */
export const bodyLimit = 16 * 1024;
