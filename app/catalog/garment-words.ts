import { G, N, UNCLEAR, type GarmentMeaning } from "./garment-kinds";

/**
 * The words that say what a product is, in English, German, French, Spanish, Italian, Dutch and Portuguese, as
 * merchants write them in titles and product types. Written lower case without accents (see `normalizeWords`);
 * a phrase joins its words with `_` ("high_tops"). Plurals are listed where they are not the word plus -s/-es.
 *
 * `any` marks words every language borrows (top, jeans, hoodie). The language matters for which noun is the head
 * of a title: English, German and Dutch put it last ("Dark Denim Top"), the Romance languages first ("Blusa de
 * seda"). German and Dutch words also end compounds ("Sommerkleid", "spijkerbroek").
 */

export type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "any";

type Group = readonly [Language, GarmentMeaning, string];

const GROUPS: readonly Group[] = [
  // Tops
  ["any", G.top, "top tops crop_top tube_top bodysuit tunic tunics tunica tunika tunique bikini_top henley henleys"],
  ["de", G.top, "body oberteil"],
  ["fr", G.top, "body haut"],
  ["en", G.top, "long_sleeve short_sleeve mock_neck"],
  ["it", G.top, "body"],
  ["es", G.top, "body"],
  ["nl", G.top, "body"],
  ["any", G.tee, "t_shirt t_shirts tshirt tshirts tee tees longsleeve"],
  ["en", G.tee, "long_sleeve_tee"],
  ["es", G.tee, "camiseta camisetas remera playera"],
  ["pt", G.tee, "camiseta camisetas"],
  ["it", G.tee, "maglietta magliette"],
  ["any", G.shirt, "polo polos"],
  ["en", G.shirt, "shirt shirts overshirt button_down oxford_shirt"],
  ["de", G.shirt, "hemd hemden"],
  ["fr", G.shirt, "chemise chemises chemisier"],
  ["it", G.shirt, "chemisier"],
  ["es", G.shirt, "camisa camisas"],
  ["pt", G.shirt, "camisa camisas"],
  ["it", G.shirt, "camicia camicie"],
  ["nl", G.shirt, "overhemd overhemden"],
  ["any", G.blouse, "blouse blouses"],
  ["de", G.blouse, "bluse blusen"],
  ["es", G.blouse, "blusa blusas"],
  ["pt", G.blouse, "blusa blusas"],
  ["it", G.blouse, "blusa bluse"],
  ["any", G.sweater, "cardigan cardigans pullover pullovers"],
  ["en", G.sweater, "sweater sweaters jumper jumpers knit knitwear crewneck turtleneck"],
  ["de", G.sweater, "strickjacke strickpullover rollkragenpullover"],
  ["fr", G.sweater, "pull pulls tricot"],
  ["es", G.sweater, "jersey sueter chompa"],
  ["pt", G.sweater, "sueter malha cardiga"],
  ["it", G.sweater, "maglione maglioni maglia"],
  ["nl", G.sweater, "trui truien"],
  ["any", G.hoodie, "hoodie hoodies hoody sweatshirt sweatshirts"],
  ["de", G.hoodie, "kapuzenpullover"],
  ["es", G.hoodie, "sudadera sudaderas"],
  ["pt", G.hoodie, "moletom"],
  ["it", G.hoodie, "felpa felpe"],
  ["any", G.tank, "tank_top tank_tops tanktop cami camis camisole"],
  ["en", G.tank, "vest vests singlet"],
  ["fr", G.tank, "debardeur"],
  ["es", G.tank, "camiseta_de_tirantes"],
  ["it", G.tank, "canotta"],
  ["pt", G.tank, "regata"],
  // Bottoms
  ["any", G.jeans, "jeans jean denim jeggings"],
  ["de", G.jeans, "jeanshose"],
  ["es", G.jeans, "vaqueros tejanos"],
  ["nl", G.jeans, "spijkerbroek"],
  ["pt", G.jeans, "calca_jeans"],
  ["en", G.trousers, "trousers pants slacks chinos joggers sweatpants leggings culottes running_tights sport_tights"],
  ["en", G.trousers, "compression_tights cycling_tights"],
  ["any", G.trousers, "leggings chino jogger cargo_pants palazzo"],
  ["de", G.trousers, "hose hosen"],
  ["fr", G.trousers, "pantalon pantalons"],
  ["es", G.trousers, "pantalon pantalones"],
  ["pt", G.trousers, "calca calcas"],
  ["it", G.trousers, "pantaloni pantalone"],
  ["nl", G.trousers, "broek broeken pantalon"],
  ["any", G.shorts, "shorts short bermuda bermudas"],
  ["pt", G.shorts, "bermuda"],
  ["it", G.shorts, "pantaloncini"],
  ["es", G.shorts, "pantalon_corto"],
  ["any", G.skirt, "skirt skirts skort skorts"],
  ["de", G.skirt, "rock rocke"],
  ["fr", G.skirt, "jupe jupes"],
  ["es", G.skirt, "falda faldas"],
  ["pt", G.skirt, "saia saias"],
  ["it", G.skirt, "gonna gonne"],
  ["nl", G.skirt, "rok rokken"],
  // Dresses
  ["en", G.dress, "dress dresses gown gowns sundress frock slip_dress"],
  ["fr", G.dress, "robe robes"],
  ["de", G.dress, "kleid kleider dirndl"],
  ["es", G.dress, "vestido vestidos"],
  ["pt", G.dress, "vestido vestidos"],
  ["it", G.dress, "vestito vestiti abito abiti"],
  ["nl", G.dress, "jurk jurken jurkje"],
  // Outerwear
  ["any", G.jacket, "blazer blazers bomber bombers parka anorak windbreaker gilet_matelasse puffer"],
  ["en", G.jacket, "jacket jackets puffer_vest down_vest quilted_vest shacket trucker body_warmer bodywarmer"],
  ["it", G.jacket, "gilet_imbottito"],
  ["de", G.jacket, "jacke jacken weste sakko"],
  ["fr", G.jacket, "veste vestes blouson doudoune"],
  ["es", G.jacket, "chaqueta chaquetas cazadora americana"],
  ["pt", G.jacket, "jaqueta jaquetas"],
  ["it", G.jacket, "giacca giacche giubbotto piumino"],
  ["nl", G.jacket, "jasje colbert"],
  ["en", G.coat, "coat coats overcoat raincoat trench peacoat poncho cape duster coatigan"],
  ["de", G.coat, "mantel"],
  ["fr", G.coat, "manteau manteaux impermeable"],
  ["es", G.coat, "abrigo abrigos gabardina"],
  ["pt", G.coat, "casaco casacos"],
  ["it", G.coat, "cappotto cappotti"],
  ["nl", G.coat, "jas jassen"],
  // One-pieces
  ["any", G.jumpsuit, "jumpsuit jumpsuits romper rompers playsuit playsuits overall overalls catsuit onesie"],
  ["en", G.jumpsuit, "dungarees boilersuit boiler_suit flight_suit jump_suit coverall coveralls"],
  ["de", G.jumpsuit, "latzhose latzshorts overall"],
  ["nl", G.jumpsuit, "tuinbroek"],
  ["pt", G.jumpsuit, "macaquinho jardineira"],
  ["fr", G.jumpsuit, "combinaison salopette combishort"],
  ["es", G.jumpsuit, "mono peto"],
  ["pt", G.jumpsuit, "macacao"],
  ["it", G.jumpsuit, "salopette tuta_intera"],
  // Clothing that is not one garment the service dresses: staff choose.
  ["any", UNCLEAR, "suit suits tuxedo tuxedos tux tracksuit bikini bikinis swimsuit swimsuits kimono pyjamas"],
  ["en", UNCLEAR, "pajamas swimwear lingerie_set costume bathrobe dressing_gown sleepwear"],
  ["de", UNCLEAR, "anzug badeanzug schlafanzug"],
  ["fr", UNCLEAR, "costume maillot pyjama tailleur robe_de_chambre"],
  ["fr", G.top, "maillot_de_foot"],
  ["es", UNCLEAR, "traje banador pijama"],
  ["pt", UNCLEAR, "terno maio pijama"],
  ["it", UNCLEAR, "costume pigiama tuta abito_da_uomo"],
  ["nl", UNCLEAR, "pak badpak pyjama"],
  // Not clothing
  ["en", N.shoes, "shoe shoes sneaker sneakers trainer trainers boot boots heels pumps loafer loafers sandal"],
  ["en", N.shoes, "sandals slipper slippers flats mules clogs espadrilles oxfords brogues moccasins high_tops"],
  ["en", N.shoes, "high_top hi_tops low_tops flip_flops wedges stilettos footwear"],
  ["de", N.shoes, "schuh schuhe stiefel stiefeletten sandalen turnschuhe pantoffeln hausschuhe"],
  ["fr", N.shoes, "chaussure chaussures baskets bottes bottines sandales escarpins mocassins"],
  ["es", N.shoes, "zapato zapatos zapatillas botas botines sandalias tenis"],
  ["pt", N.shoes, "sapato sapatos tenis botas sandalias chinelo"],
  ["it", N.shoes, "scarpe scarpa stivali stivaletti sandali mocassini"],
  ["nl", N.shoes, "schoen schoenen laarzen laarsjes sandalen sneakers"],
  ["en", N.bag, "bag bags handbag handbags tote totes backpack backpacks clutch purse purses wallet wallets"],
  ["en", N.bag, "satchel duffel duffle crossbody pouch rucksack luggage suitcase"],
  ["de", N.bag, "tasche taschen handtasche rucksack geldborse portemonnaie"],
  ["fr", N.bag, "sac sacs pochette portefeuille cabas"],
  ["es", N.bag, "bolso bolsos bolsa mochila cartera monedero"],
  ["pt", N.bag, "bolsa bolsas mochila carteira"],
  ["it", N.bag, "borsa borse zaino portafoglio pochette"],
  ["nl", N.bag, "tas tassen handtas rugzak portemonnee"],
  ["en", N.jewellery, "jewellery jewelry necklace necklaces earring earrings ring rings bracelet bracelets bangle"],
  ["en", N.jewellery, "bangles pendant pendants brooch anklet charm choker chain watch watches cufflinks"],
  ["de", N.jewellery, "schmuck kette halskette ohrringe armband armbanduhr uhr brosche"],
  ["fr", N.jewellery, "bijou bijoux collier bague bagues boucles bracelet montre"],
  ["es", N.jewellery, "joya joyas collar pendientes anillo anillos pulsera reloj"],
  ["pt", N.jewellery, "joia joias colar brincos anel aneis pulseira relogio"],
  ["it", N.jewellery, "gioiello gioielli collana orecchini anello bracciale orologio"],
  ["nl", N.jewellery, "sieraad sieraden ketting oorbellen armband horloge"],
  ["en", N.belt, "belt belts"],
  ["de", N.belt, "gurtel"],
  ["fr", N.belt, "ceinture"],
  ["es", N.belt, "cinturon"],
  ["pt", N.belt, "cinto"],
  ["it", N.belt, "cintura"],
  ["nl", N.belt, "riem"],
  ["en", N.scarf, "scarf scarves shawl shawls bandana snood stole"],
  ["de", N.scarf, "schal tuch halstuch"],
  ["fr", N.scarf, "echarpe foulard"],
  ["es", N.scarf, "bufanda panuelo"],
  ["pt", N.scarf, "cachecol lenco"],
  ["it", N.scarf, "sciarpa foulard"],
  ["nl", N.scarf, "sjaal"],
  ["en", N.hat, "hat hats cap caps beanie beanies beret fedora visor headband balaclava bucket_hat"],
  ["de", N.hat, "mutze hut kappe"],
  ["fr", N.hat, "chapeau casquette bonnet"],
  ["es", N.hat, "sombrero gorra gorro"],
  ["pt", N.hat, "chapeu bone gorro"],
  ["it", N.hat, "cappello berretto"],
  ["nl", N.hat, "hoed pet muts"],
  ["en", N.eyewear, "sunglasses glasses eyewear spectacles goggles"],
  ["de", N.eyewear, "brille sonnenbrille"],
  ["fr", N.eyewear, "lunettes"],
  ["es", N.eyewear, "gafas lentes"],
  ["pt", N.eyewear, "oculos"],
  ["it", N.eyewear, "occhiali"],
  ["nl", N.eyewear, "bril zonnebril"],
  ["en", N.socks, "sock socks stockings tights pantyhose hosiery"],
  ["de", N.socks, "socken strumpfe strumpfhose"],
  ["fr", N.socks, "chaussettes collants"],
  ["es", N.socks, "calcetines medias"],
  ["pt", N.socks, "meias"],
  ["it", N.socks, "calzini calze"],
  ["nl", N.socks, "sokken panty"],
  ["en", N.underwear, "underwear briefs boxers bra bras bralette panties thong lingerie knickers undershirt"],
  ["de", N.underwear, "unterwasche bh"],
  ["fr", N.underwear, "soutien_gorge culotte lingerie"],
  ["es", N.underwear, "sujetador ropa_interior bragas"],
  ["pt", N.underwear, "sutia cueca calcinha"],
  ["it", N.underwear, "reggiseno mutande intimo"],
  ["nl", N.underwear, "ondergoed beha"],
  ["en", N.accessory, "gloves mittens tie necktie bow_tie keychain keyring umbrella mask accessory accessories"],
  ["en", N.accessory, "hair_clip scrunchie strap phone_case case patch pin badge sticker"],
  ["de", N.accessory, "handschuhe krawatte schirm"],
  ["fr", N.accessory, "gants cravate parapluie"],
  ["es", N.accessory, "guantes corbata paraguas"],
  ["pt", N.accessory, "luvas gravata"],
  ["it", N.accessory, "guanti cravatta ombrello"],
  ["nl", N.accessory, "handschoenen stropdas paraplu"],
  ["en", N.beauty, "perfume fragrance cologne lipstick mascara serum moisturiser moisturizer cream lotion balm"],
  ["en", N.beauty, "shampoo conditioner soap cleanser toner nail_polish makeup foundation concealer"],
  ["en", N.beauty, "skincare cosmetics deodorant sunscreen butter body_oil body_wash scrub mist lip tint blush"],
  ["fr", N.beauty, "parfum creme savon"],
  ["de", N.beauty, "parfum creme seife lotion bodylotion"],
  ["es", N.beauty, "perfume crema jabon hidratante"],
  ["pt", N.beauty, "perfume creme sabonete hidratante locao"],
  ["it", N.beauty, "profumo crema sapone"],
  ["en", N.home, "candle candles mug mugs cup pillow pillows cushion cushions blanket throw vase planter pot"],
  ["en", N.home, "pots plant plants lamp light lights rug towel towels bowl plate sofa couch armchair chair"],
  [
    "en",
    N.home,
    "table drawers dresser bed bedding bed_clothes duvet sheets curtain poster art_print wall_art frame mirror",
  ],
  ["en", N.home, "clock shelf fence slats trowel watering_can can tray basket coaster carpet pillow_case beanbag"],
  [
    "en",
    N.home,
    "garden_hose doormat ornament napkin tablecloth apron hanger hangers coat_hanger dress_form mannequin",
  ],
  // Things for clothes are not clothes: "Leather Jacket Care Kit", "Sweater Shaver".
  ["en", N.accessory, "care_kit shaver lint_roller lint_remover garment_bag shoe_polish clothes_brush brush"],
  ["fr", N.accessory, "housse"],
  // Haberdashery and crafts: what clothes are made of, or made with, is not a garment.
  [
    "en",
    N.not_apparel,
    "fabric fabrics yarn thread buttons zipper ribbon sewing_pattern sewing_kit dye_kit tie_dye_kit",
  ],
  ["en", N.not_apparel, "craft_kit golf_tee golf_tees laptop tablet phone"],
  ["de", N.not_apparel, "stoff garn"],
  ["fr", N.not_apparel, "tissu laine_a_tricoter"],
  ["es", N.not_apparel, "tela"],
  ["it", N.not_apparel, "tessuto"],
  ["nl", N.not_apparel, "stof"],
  ["pt", N.not_apparel, "tecido"],
  ["de", N.home, "kerze kissen decke vase lampe tasse teppich"],
  ["fr", N.home, "bougie coussin plaid lampe tasse tapis"],
  ["es", N.home, "vela cojin manta lampara taza alfombra"],
  ["it", N.home, "candela cuscino coperta lampada tazza tappeto"],
  ["nl", N.home, "kaars kussen deken lamp mok kleed"],
  ["pt", N.home, "vela almofada manta luminaria caneca tapete"],
  ["en", N.gift_card, "gift_card giftcard gift_certificate gift_voucher e_gift_card voucher"],
  ["de", N.gift_card, "gutschein geschenkgutschein"],
  ["fr", N.gift_card, "carte_cadeau bon_cadeau"],
  ["es", N.gift_card, "tarjeta_regalo"],
  ["pt", N.gift_card, "cartao_presente vale_presente"],
  ["it", N.gift_card, "buono_regalo carta_regalo"],
  ["nl", N.gift_card, "cadeaubon cadeaukaart"],
  ["en", N.service, "service alteration alterations repair consultation insurance warranty subscription"],
  ["en", N.service, "shipping gift_wrap gift_wrapping tailoring styling_session hemming"],
  ["es", N.service, "arreglo arreglos"],
  ["fr", N.service, "retouche retouches"],
  ["de", N.service, "anderung anderungen"],
  ["it", N.service, "riparazione"],
  ["nl", N.service, "reparatie"],
  ["pt", N.service, "ajuste ajustes"],
  // Found missing on the held-out catalogs (bench/catalog/held-out, held-out-2): workwear, nightwear, bridal,
  // haberdashery and what is made for clothes.
  ["any", G.jacket, "gilet gilets waistcoat janker"],
  ["en", G.jacket, "hi_vis_vest high_vis_vest safety_vest work_vest vis_vest"],
  ["nl", G.jacket, "veiligheidsvest"],
  ["pt", G.jacket, "colete"],
  ["fr", G.jacket, "gilet_haute_visibilite"],
  ["en", G.coat, "lab_coat"],
  ["es", G.coat, "bata_de_laboratorio"],
  ["fr", G.coat, "blouse_de_travail"],
  ["en", G.top, "chef_jacket scrub_top scrubs"],
  ["de", G.top, "kochjacke"],
  ["it", G.top, "casacca casacca_sanitaria"],
  ["fr", G.top, "maillot_domicile maillot_exterieur"],
  ["de", G.hoodie, "sweatjacke"],
  ["any", G.shorts, "jorts"],
  ["pt", G.shorts, "calcoes calcao"],
  ["en", G.dress, "nightdress nightgown nightie"],
  ["de", G.dress, "nachthemd"],
  ["nl", G.dress, "nachthemd"],
  ["fr", G.dress, "chemise_de_nuit"],
  ["it", G.dress, "camicia_da_notte"],
  ["pt", G.dress, "saida_de_praia"],
  ["en", G.jumpsuit, "ski_suit one_piece"],
  ["it", G.jumpsuit, "tuta_da_lavoro"],
  ["en", UNCLEAR, "uniform"],
  ["de", UNCLEAR, "bademantel"],
  ["nl", UNCLEAR, "badjas"],
  ["es", UNCLEAR, "albornoz uniforme"],
  ["it", UNCLEAR, "accappatoio"],
  ["pt", UNCLEAR, "roupao uniforme"],
  ["en", N.underwear, "garter"],
  ["fr", N.underwear, "jarretiere"],
  ["en", N.accessory, "veil"],
  ["it", N.accessory, "velo fodera"],
  ["pt", N.accessory, "capa_para_celular"],
  ["es", N.not_apparel, "espinilleras"],
  ["en", N.home, "steamer laundry detergent wool_wash coat_rack bottle box baker"],
  ["de", N.home, "kleiderbugel"],
  ["fr", N.home, "cintre cintres portemanteau"],
  ["es", N.home, "percha perchas"],
  ["it", N.home, "gruccia grucce appendiabiti"],
  ["nl", N.home, "kledinghanger kledinghangers schort"],
  ["pt", N.home, "cabide cabides avental"],
  ["en", N.not_apparel, "cables zip printing"],
  ["it", N.not_apparel, "cartamodello"],
  ["en", UNCLEAR, "mystery_box"],
  ["en", G.trousers, "pant"],
];

// Clothing words that say a product is several pieces, but only when nothing else in the title says more ("Gift
// set", "Outfit"): a set is something staff choose how to render.
export const WEAK_WORDS: ReadonlyMap<string, GarmentMeaning> = new Map(
  "set sets outfit outfits co ord ensemble conjunto completo kit".split(" ").map((word) => [word, UNCLEAR]),
);

// Phrases whose words would mislead ("Pull-On Shorts" is not a French pullover followed by "on").
export const NEUTRAL_PHRASES: readonly string[][] = [
  "pull on",
  "slip on",
  "slip in",
  "tie dye",
  "rock and roll",
  "rock n roll",
  "made in",
  "in stock",
].map((phrase) => phrase.split(" "));

// Words that make a garment children's clothing, which is not dressed on an adult model by default ("Kids Rainbow
// Tee", "T-shirt enfant", "Kinderjurkje").
export const CHILDREN_WORDS = new Set(
  (
    "kid kids child children childrens toddler toddlers infant infants junior kinder kinderen enfant boys girls " +
    "enfants bebe nino nina ninos ninas infantil bambino bambina bambini crianca criancas menino menina " +
    "girl boy fille garcon communion comunion comunione"
  ).split(" "),
);
// German and Dutch write it into the word ("Kinderkleid", "kinderjurkje"). Not "baby": a baby tee and a babydoll
// dress are women's styles, and baby blue is a colour.
export const CHILDREN_PREFIXES = ["kinder", "meisjes", "jongens"];

// Clothes for pets are not dressed on a person ("Dog raincoat", "Hundemantel").
export const PET_WORDS = new Set(
  "dog dogs pet pets cat cats puppy hund hunde chien chiens perro perros cane cani hond honden cachorro".split(" "),
);
export const PET_PREFIXES = ["hunde", "honden"];

// Words that are also everyday modifiers ("Light Wash", "Cream Knit"): as a title's head they lose to a garment in
// the same phrase ("Jorts Light Wash" are shorts), and decide only when nothing else does ("Copper Light").
export const MODIFIER_NOUNS = new Set(["light", "lights", "cream", "throw", "can", "case", "print", "wash"]);

/** Words that end a noun phrase: what follows describes it ("Bag for shoes", "Blusa de seda"). */
export const PREPOSITIONS = new Set(
  (
    "with for in from of by on featuring w mit aus fur von im avec pour en de du des a au aux d l con para del " +
    "sin per di da al alla met voor van uit com do em na no"
  ).split(" "),
);

/** Words that join two noun phrases ("Striped Skirt and Top"). */
export const CONJUNCTIONS = new Set("and und et y e en plus".split(" "));

export interface WordMeaning {
  meaning: GarmentMeaning;
  languages: ReadonlySet<Language>;
}

function buildLexicon(): Map<string, WordMeaning> {
  const lexicon = new Map<string, WordMeaning>();
  for (const [language, meaning, words] of GROUPS) {
    for (const word of words.split(/\s+/)) {
      const key = word.replaceAll("_", " ");
      const existing = lexicon.get(key);
      // The same word in two languages keeps its first meaning ("costume": a French suit, never a costume here).
      if (existing) (existing.languages as Set<Language>).add(language);
      else lexicon.set(key, { meaning, languages: new Set([language]) });
    }
  }
  return lexicon;
}

export const LEXICON: ReadonlyMap<string, WordMeaning> = buildLexicon();

/** The longest phrase in the lexicon, in words. */
export const LONGEST_PHRASE = Math.max(...[...LEXICON.keys()].map((key) => key.split(" ").length));

const SHORT_ENDINGS = new Set(["jas", "rok", "tas"]);

/** German and Dutch nouns that may end a compound ("sommer|kleid", "spijker|broek"), longest first. */
export const COMPOUND_ENDINGS: readonly [string, WordMeaning][] = [...LEXICON]
  .filter(([key, word]) => !key.includes(" ") && isCompoundEnding(key, word))
  .sort(([a], [b]) => b.length - a.length);

// Short endings are taken only where they are safe ("regen|jas", "mini|rok"): "car|pet" is not a Dutch cap.
function isCompoundEnding(key: string, word: WordMeaning): boolean {
  if (word.languages.has("de") || word.languages.has("nl")) return key.length >= 4 || SHORT_ENDINGS.has(key);
  // Borrowed words end German and Dutch compounds too ("Woll|pullover", "Board|shorts"), if long enough not to
  // end English words by chance ("lap|top").
  return word.languages.has("any") && key.length >= 5;
}

/** Lower case, accents and apostrophes dropped, hyphens and punctuation as spaces: "T-Shirt à manches" → "t shirt a manches". */
export function normalizeWords(text: string): string[] {
  return text
    .replace(/ß/g, "ss")
    .replace(/&|\+/g, " and ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, " ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
