export const CORE_DIR: string;
export const MANIFEST_PATH: string;
export const CORE_FILES: string[];
export const PATCHES: string[];
export const BUILD_INPUTS: string[];
export function inputsHash(): string;
export function verifyCore(): string[];
