/** The Late Orders tab's 'Order Number' box: a substring, ignoring case and spaces around. */
export const orderNumberMatches = (number: string, search: string) =>
  number.toLowerCase().includes(search.trim().toLowerCase());
