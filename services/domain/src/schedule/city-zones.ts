/**
 * Big cities of countries with several time zones whose zone is named after another city. Only
 * cities whose zone is beyond doubt: Portland (Oregon or Maine) is left out on purpose. Keys are
 * place keys (see place-names.ts); every zone is one of its country's own, which a test checks.
 */
export const CITY_ZONES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: {
    "san francisco": "America/Los_Angeles",
    seattle: "America/Los_Angeles",
    "san diego": "America/Los_Angeles",
    "san jose": "America/Los_Angeles",
    "las vegas": "America/Los_Angeles",
    houston: "America/Chicago",
    dallas: "America/Chicago",
    austin: "America/Chicago",
    "san antonio": "America/Chicago",
    minneapolis: "America/Chicago",
    "new orleans": "America/Chicago",
    nashville: "America/Chicago",
    boston: "America/New_York",
    "new york city": "America/New_York",
    philadelphia: "America/New_York",
    "washington dc": "America/New_York",
    atlanta: "America/New_York",
    miami: "America/New_York",
    "salt lake city": "America/Denver",
  },
  CA: {
    montreal: "America/Toronto",
    ottawa: "America/Toronto",
    calgary: "America/Edmonton",
  },
  AU: { canberra: "Australia/Sydney" },
  BR: { "rio de janeiro": "America/Sao_Paulo", brasilia: "America/Sao_Paulo" },
  CN: { beijing: "Asia/Shanghai", shenzhen: "Asia/Shanghai", guangzhou: "Asia/Shanghai" },
  ES: { barcelona: "Europe/Madrid", valencia: "Europe/Madrid", sevilla: "Europe/Madrid", seville: "Europe/Madrid" },
  ID: { bali: "Asia/Makassar", denpasar: "Asia/Makassar" },
  MX: { guadalajara: "America/Mexico_City" },
  NZ: { wellington: "Pacific/Auckland", christchurch: "Pacific/Auckland" },
  RU: { "saint petersburg": "Europe/Moscow", "st petersburg": "Europe/Moscow" },
};
