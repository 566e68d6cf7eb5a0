declare module 'multicoin-address-validator' {
  interface ValidateOptions {
    networkType?: 'prod' | 'testnet' | 'both';
    chainType?: string;
  }
  interface Currency {
    name: string;
    symbol: string;
  }
  export function validate(address: string, currencyNameOrSymbol: string, opts?: ValidateOptions | string): boolean;
  export function findCurrency(symbol: string): Currency | null;
  const api: { validate: typeof validate; findCurrency: typeof findCurrency };
  export default api;
}
