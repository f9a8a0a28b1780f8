/** Pin colours and letters of the order maps, told apart at a glance. */
export const ORDER_MAP_PINS = {
  order: { color: '#1c7ed6', letter: 'O' },
  rider: { color: '#2b8a3e', letter: 'R' },
  collection: { color: '#1c7ed6', letter: 'C' },
  google: { color: '#e8590c', letter: 'G' },
  reached: { color: '#7048e8', letter: 'R' },
  collected: { color: '#2b8a3e', letter: 'S' },
} as const;
