/** Public interface of the marketplace module (decision 134). */
export {};
