// A valid withdrawal address (§5), shared by the store's tests and the page's.
export const WITHDRAWAL_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
