/**
 * Plausible colours for colour names, in the languages the sandbox's catalogs use, for two made-up things: the swatch
 * of a colour option value linked to shopify.color-pattern (Shopify takes it from the metaobject the merchant
 * picked; a CSV export does not carry it), and the colour of a placeholder photo drawn for an image URL the sandbox
 * cannot fetch. They are guesses a merchant would find reasonable, not a colour standard.
 */

const COLOURS: Array<[hex: string, names: string]> = [
  ["#1c1c1c", "black schwarz noir negro nero zwart preto"],
  ["#f4f2ec", "white weiss blanc blanco bianco wit branco"],
  ["#b3261e", "red rot rouge rojo rosso rood vermelho ruby"],
  ["#2f5fa7", "blue blau bleu azul blu blauw"],
  ["#8fb8de", "light-blue bleu-ciel azzurro hellblau lichtblauw celeste"],
  ["#1f2f56", "navy marine blu-notte dunkelblau marineblau"],
  ["#2e6b3f", "green gruen vert verde groen"],
  ["#2f4a35", "forest"],
  ["#e0c341", "yellow gelb jaune amarillo giallo geel amarelo"],
  ["#d8a31d", "mustard senf moutarde"],
  ["#8a8a8a", "grey gray grau gris grigio grijs cinza"],
  ["#3b3b3b", "charcoal anthrazit"],
  ["#d9c8a9", "beige sand stone"],
  ["#6b4f3a", "brown braun marron marrone bruin marrom"],
  ["#b07d4f", "tan camel cammello cognac"],
  ["#e8a3b5", "pink rosa rose roze"],
  ["#7a4a8c", "purple lila violet morado viola paars roxo"],
  ["#b9a7d6", "lavender lavendel lilac"],
  ["#b784a7", "mauve malve"],
  ["#e07b39", "orange naranja arancione oranje laranja"],
  ["#f0e8d8", "cream creme ecru off-white ivory marfil avorio"],
  ["#7d7a48", "olive oliv khaki"],
  ["#c4622d", "terracotta"],
  ["#9caf88", "sage salbei"],
  ["#f08070", "coral"],
  ["#6d1f2c", "burgundy bordeaux"],
  ["#c9b18a", "natural naturel linen"],
  ["#3f6da3", "denim indigo"],
];

const BY_NAME = new Map(COLOURS.flatMap(([hex, names]) => names.split(" ").map((name) => [name, hex] as const)));

const words = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** The colour a text names ("Navy", "Bleu ciel", "Wrap dress – Terracotta"), two-word names first; null if none. */
export function colourOfName(text: string): string | null {
  const all = words(text);
  for (let i = 0; i < all.length; i++) {
    const pair = all[i + 1] ? BY_NAME.get(`${all[i]}-${all[i + 1]}`) : undefined;
    if (pair) return pair;
  }
  for (const word of all) {
    const hex = BY_NAME.get(word);
    if (hex) return hex;
  }
  return null;
}
