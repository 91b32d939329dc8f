/** Every query of this feature starts with 'orders', so a change to an order refreshes them all at once. */
export const ordersQueryKey = ['orders'] as const;
