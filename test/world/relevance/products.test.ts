import { describe, expect, it } from "vitest";
import { createProductIndex } from "../../../tools/_world/lib/quik/productIndex.js";
import { quikProducts } from "../../../tools/_world/lib/quik/products.js";
import { quikSearch } from "../../../tools/_world/lib/quik/quikSearch.js";

// What a shopper types into Quik's search box, and the product that must come first: English,
// Arabic, misspelt, brands, synonyms. The third column names the product (its size breaks ties
// between the sizes of one line, which rank by id). Reviewed by hand: each first product is what
// a shopper typing the query wants.
const FIRST: [query: string, productId: string, product: string][] = [
  ["ice", "prd_343770", "Crushed Ice 2 kg"],
  ["ice cubes", "prd_309657", "Party Ice Cubes 5 kg"],
  ["ice cream", "prd_458589", "Baskin Robbins Pralines 'n Cream Ice Cream 1 L"],
  ["rice", "prd_745045", "Jasmine Rice 2 kg"],
  ["basmati rice", "prd_200801", "Basmati Rice 5 kg"],
  ["milk", "prd_302420", "Al Ain Fresh Milk Full Cream 2 L"],
  ["full fat milk", "prd_200113", "Fresh Full Fat Milk 2 L"],
  ["low fat milk", "prd_200114", "Fresh Low Fat Milk 1 L"],
  ["almarai milk", "prd_850700", "Almarai Fresh Milk Skimmed 1 L"],
  ["laban", "prd_462663", "Al Ain Laban 1 L"],
  ["buttermilk", "prd_462663", "Al Ain Laban 1 L"],
  ["yoghurt", "prd_200701", "Greek Yoghurt 500 g"],
  ["yogurt", "prd_200701", "Greek Yoghurt 500 g"],
  ["zabadi", "prd_200701", "Greek Yoghurt 500 g"],
  ["greek yogurt", "prd_462905", "Nada Greek Yoghurt Plain 360 g"],
  ["labneh", "prd_534643", "Al Rawabi Labneh 400 g"],
  ["eggs", "prd_731903", "Al Jazira Brown Eggs 15 pcs"],
  ["egg", "prd_731903", "Al Jazira Brown Eggs 15 pcs"],
  ["bread", "prd_200410", "White Sliced Bread 600 g"],
  ["arabic bread", "prd_655643", "Al Jadeed Arabic Bread Small 10 pcs"],
  ["khubz", "prd_655643", "Al Jadeed Arabic Bread Small 10 pcs"],
  ["croissant", "prd_899713", "L'usine Chocolate Croissants 6 pcs"],
  ["bananas", "prd_200601", "Bananas 1 kg"],
  ["apples", "prd_200602", "Royal Gala Apples 1 kg"],
  ["avocado", "prd_545792", "Fuerte Avocados Kenya 4 pcs"],
  ["tomatoes", "prd_200603", "Vine Tomatoes 500 g"],
  ["aubergine", "prd_382973", "Baby Aubergine 500 g"],
  ["eggplant", "prd_382973", "Baby Aubergine 500 g"],
  ["courgette", "prd_480546", "Zucchini Local 1 kg"],
  ["zucchini", "prd_480546", "Zucchini Local 1 kg"],
  ["coriander", "prd_500913", "Coriander 1 bunch"],
  ["cilantro", "prd_500913", "Coriander 1 bunch"],
  ["okra", "prd_652865", "Al Alali Frozen Okra Zero 400 g"],
  ["chicken", "prd_304009", "Al Ain Fresh Chicken Wings 500 g"],
  ["chicken breast", "prd_569673", "Sadia Chicken Breast Fillets 1 kg"],
  ["beef mince", "prd_609640", "Australian Beef Mince 1 kg"],
  ["minced beef", "prd_609640", "Australian Beef Mince 1 kg"],
  ["lamb chops", "prd_480479", "New Zealand Lamb Chops 500 g"],
  ["salmon", "prd_353973", "Norwegian Salmon Fillet 300 g"],
  ["hammour", "prd_947172", "Hammour Fillet 500 g"],
  ["prawns", "prd_333887", "Jumbo Tiger Prawns 1 kg"],
  ["shrimp", "prd_333887", "Jumbo Tiger Prawns 1 kg"],
  ["olive oil", "prd_478373", "Borges Extra Virgin Olive Oil 500 ml"],
  ["sunflower oil", "prd_621471", "Noor Sunflower Oil 1.8 L"],
  ["pasta", "prd_536956", "Barilla Pasta Linguine 500 g"],
  ["spaghetti", "prd_382365", "Barilla Spaghetti No. 5 500 g"],
  ["tuna", "prd_981810", "Yellowfin Tuna Steak 300 g"],
  ["chickpeas", "prd_721434", "California Garden Chickpeas 400 g"],
  ["ketchup", "prd_615100", "Heinz Tomato Ketchup 460 g"],
  ["mayo", "prd_477119", "Hellmann's Real Mayonnaise 800 ml"],
  ["sugar", "prd_410103", "Al Khaleej White Sugar 2 kg"],
  ["salt", "prd_305302", "Iodised Table Salt 700 g"],
  ["flour", "prd_405200", "Al Ghurair All Purpose Flour 1 kg"],
  ["cumin", "prd_388416", "Ground Cumin 100 g"],
  ["biryani masala", "prd_345432", "Shan Biryani Masala 50 g"],
  ["corn flakes", "prd_360786", "Kellogg's Corn Flakes 375 g"],
  ["oats", "prd_345622", "Quaker Quick Cooking Oats 500 g"],
  ["honey", "prd_409331", "Langnese Pure Bee Honey 500 g"],
  ["dates", "prd_567806", "Fresh Medjool Dates 500 g"],
  ["coffee", "prd_633331", "Nescafé Gold Instant Coffee 100 g"],
  ["nescafe", "prd_582207", "Nescafé 3in1 Classic 30 x 20 g"],
  ["arabic coffee", "prd_980314", "Al Ameed Arabic Coffee with Cardamom 250 g"],
  ["tea", "prd_723753", "Ahmad Tea Earl Grey Tea 25 bags"],
  ["green tea", "prd_468986", "Lipton Green Tea Classic 25 bags"],
  ["karak", "prd_356439", "Karak Chai Premix 10 sachets"],
  ["nutella", "prd_612544", "Nutella Hazelnut Spread with Cocoa 750 g"],
  ["peanut butter", "prd_338327", "Skippy Creamy Peanut Butter 340 g"],
  ["water", "prd_200802", "Still Water 6 x 1.5 L"],
  ["sparkling water", "prd_425786", "Perrier Sparkling Natural Mineral Water 4 x 330 ml"],
  ["orange juice", "prd_402902", "Barakat Fresh Orange Juice 330 ml"],
  ["coke", "prd_459795", "Coca-Cola Original 2.25 L"],
  ["pepsi", "prd_717696", "Pepsi Cola 6 x 330 ml"],
  ["red bull", "prd_304687", "Red Bull Energy Drink 4 x 250 ml"],
  ["chips", "prd_421410", "Oman Chips Chilli 25 x 15 g"],
  ["crisps", "prd_628234", "Pringles Crisps Paprika 165 g"],
  ["pringles", "prd_324925", "Pringles Original 165 g"],
  ["chocolate", "prd_488330", "Galaxy Chocolate Caramel 90 g"],
  ["kitkat", "prd_381635", "KitKat Chunky Milk 40 g"],
  ["biscuits", "prd_312137", "McVitie's Biscuits Hobnobs 300 g"],
  ["cookies", "prd_312137", "McVitie's Biscuits Hobnobs 300 g"],
  ["nuts", "prd_955768", "Al Rifai Mixed Nuts Extra 250 g"],
  ["pistachio", "prd_624799", "Al Rifai Roasted Salted Pistachios 500 g"],
  ["frozen fries", "prd_452560", "McCain French Fries Shoestring 750 g"],
  ["nuggets", "prd_394416", "Sadia Chicken Nuggets 750 g"],
  ["samosa", "prd_580025", "Al Kabeer Chicken Samosa 20 pcs"],
  ["ice lolly", "prd_540512", "Igloo Ice Lolly Orange 6 pcs"],
  ["diapers", "prd_315688", "Pampers Premium Care Diapers Size 5 11-16 kg, 30 pcs"],
  ["nappies", "prd_315688", "Pampers Premium Care Diapers Size 5 11-16 kg, 30 pcs"],
  ["pampers size 4", "prd_513030", "Pampers Baby-Dry Pants Size 4 9-15 kg, 62 pcs"],
  ["wipes", "prd_339604", "Pampers Sensitive Baby Wipes 52 pcs"],
  ["formula", "prd_778834", "Aptamil Stage 1 Infant Formula 900 g"],
  ["nido", "prd_423622", "Nido Fortified Full Cream Milk Powder 900 g"],
  ["cerelac", "prd_420613", "Cerelac Rice with Milk 125 g"],
  ["detergent", "prd_778446", "Tide Automatic Powder Detergent 2.5 kg"],
  ["washing powder", "prd_636239", "Persil Low Foam Powder 2.5 kg"],
  ["fabric softener", "prd_345299", "Downy Fabric Softener Valley Dew 3 L"],
  ["dish soap", "prd_589226", "Fairy Dishwashing Liquid Orange 1 L"],
  ["bleach", "prd_383347", "Clorox Regular Bleach 3.78 L"],
  ["tissues", "prd_354058", "Fine Facial Tissues 5 x 150 sheets"],
  ["toilet paper", "prd_887933", "Fine Toilet Paper Rolls 10 rolls"],
  ["garbage bags", "prd_640162", "Glad Garbage Bags Large 30 bags"],
  ["shampoo", "prd_329570", "Sunsilk Black Shine Shampoo 400 ml"],
  ["head and shoulders", "prd_377934", "Head & Shoulders Shampoo Apple Fresh 400 ml"],
  ["conditioner", "prd_645348", "Dove Conditioner 350 ml"],
  ["soap", "prd_557634", "Lux Soft Touch Soap 6 x 120 g"],
  ["toothpaste", "prd_485479", "Colgate Max Fresh Toothpaste 100 ml"],
  ["toothbrush", "prd_457237", "Colgate Toothbrush Kids 2 pcs"],
  ["deodorant", "prd_563152", "Rexona Men Antiperspirant Spray 150 ml"],
  ["sunscreen", "prd_602122", "Nivea Sun Protect SPF 50 200 ml"],
  ["حليب", "prd_302420", "Al Ain Fresh Milk Full Cream 2 L"],
  ["زبادي", "prd_200701", "Greek Yoghurt 500 g"],
  ["لبن", "prd_462663", "Al Ain Laban 1 L"],
  ["بيض", "prd_731903", "Al Jazira Brown Eggs 15 pcs"],
  ["خبز", "prd_200410", "White Sliced Bread 600 g"],
  ["دجاج", "prd_304009", "Al Ain Fresh Chicken Wings 500 g"],
  ["أرز", "prd_745045", "Jasmine Rice 2 kg"],
  ["قهوة", "prd_633331", "Nescafé Gold Instant Coffee 100 g"],
  ["شاي", "prd_723753", "Ahmad Tea Earl Grey Tea 25 bags"],
  ["ماء", "prd_200802", "Still Water 6 x 1.5 L"],
  ["حفاضات", "prd_315688", "Pampers Premium Care Diapers Size 5 11-16 kg, 30 pcs"],
  ["شامبو", "prd_555282", "Pantene Pro-V Daily Care Shampoo 400 ml"],
  ["تمر", "prd_567806", "Fresh Medjool Dates 500 g"],
  ["عسل", "prd_819004", "Sidr Honey Yemen 250 g"],
  ["طماطم", "prd_805390", "Tomatoes Jordan 1 kg"],
  ["باذنجان", "prd_382973", "Baby Aubergine 500 g"],
  ["جبنة", "prd_325069", "Domty Feta Cheese 500 g"],
  ["مياه", "prd_200802", "Still Water 6 x 1.5 L"],
  ["الحليب", "prd_302420", "Al Ain Fresh Milk Full Cream 2 L"],
  ["بطاطس", "prd_384465", "Potatoes Lebanon 2 kg"],
  ["shampo", "prd_329570", "Sunsilk Black Shine Shampoo 400 ml"],
  ["yoghrt", "prd_200701", "Greek Yoghurt 500 g"],
  ["dipers", "prd_315688", "Pampers Premium Care Diapers Size 5 11-16 kg, 30 pcs"],
  ["tomatos", "prd_200603", "Vine Tomatoes 500 g"],
  ["bananna", "prd_200601", "Bananas 1 kg"],
  ["cofee", "prd_633331", "Nescafé Gold Instant Coffee 100 g"],
  ["choclate", "prd_488330", "Galaxy Chocolate Caramel 90 g"],
  ["detergant", "prd_778446", "Tide Automatic Powder Detergent 2.5 kg"],
  ["mayonaise", "prd_477119", "Hellmann's Real Mayonnaise 800 ml"],
  ["toothpast", "prd_485479", "Colgate Max Fresh Toothpaste 100 ml"],
  ["chiken", "prd_304009", "Al Ain Fresh Chicken Wings 500 g"],
  ["avacado", "prd_545792", "Fuerte Avocados Kenya 4 pcs"],
  ["tahini", "prd_798144", "Al Wadi Al Akhdar Tahini 450 g"],
  ["halloumi", "prd_591030", "Almarai Halloumi Cheese 225 g"],
  ["feta", "prd_325069", "Domty Feta Cheese 500 g"],
  ["butter", "prd_380421", "Lurpak Unsalted Butter 400 g"],
  ["cream cheese", "prd_472698", "Philadelphia Original Cream Cheese 180 g"],
  ["kiri", "prd_388284", "Kiri Cream Cheese Squares 12 pcs"],
  ["frozen pizza", "prd_882802", "Frozen Margherita Pizza 350 g"],
  ["molokhia", "prd_526092", "Al Alali Frozen Molokhia 400 g"],
  ["paratha", "prd_577362", "Frozen Paratha Plain 20 pcs"],
  ["magnum", "prd_525097", "Magnum Classic Ice Cream Sticks 3 pcs"],
  ["haagen dazs", "prd_373573", "Häagen-Dazs Belgian Chocolate Ice Cream 460 ml"],
  ["baklava", "prd_944950", "Baklava Assorted 500 g"],
  ["kunafa chocolate", "prd_998553", "Kunafa Chocolate Bar 200 g"],
  ["camel milk", "prd_646255", "Al Rawabi Camel Milk 500 ml"],
  ["vimto", "prd_702607", "Vimto Fruit Cordial 710 ml"],
  ["barakat", "prd_360976", "Barakat Fresh Juice Apple 1 L"],
  ["sidr honey", "prd_819004", "Sidr Honey Yemen 250 g"],
  ["cardamom", "prd_977916", "Cardamom Green 100 g"],
  ["baby food", "prd_501221", "Baby Fruit Puree Pouch Pear 90 g"],
];

describe("Quik search: what comes first", () => {
  const index = createProductIndex(quikProducts);

  it.each(FIRST)("%s -> %s (%s)", (query, productId) => {
    expect(index.search(query)[0]?.product.product_id).toBe(productId);
  });

  it("finds whole words and prefixes, never a word inside another: ice is not rice", () => {
    const names = index.search("ice").map((h) => h.product.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => /rice/i.test(n))).toEqual([]);
    expect(names.slice(0, 5).every((n) => /\bice\b/i.test(n))).toBe(true);
  });

  it("lists a product in stock before one out of stock that matches as well", () => {
    const hits = index.search("avocado");
    const firstOut = hits.findIndex((h) => !h.product.in_stock);
    const lastIn = hits.map((h) => h.product.in_stock).lastIndexOf(true);
    expect(hits[0]?.product.in_stock).toBe(true);
    expect(firstOut).toBeGreaterThan(lastIn);
  });

  it("finds nothing for what no grocery sells", () => {
    expect(index.search("AirPods")).toEqual([]);
    expect(index.search("unicorn milk")).toEqual([]);
    expect(index.search("of the")).toEqual([]);
  });

  it("answers a shopping list in turns, so every item of the list shows within the limit", () => {
    const found = quikSearch(index, ["milk", "eggs", "bread"], 6).products.map((p) => p.category);
    expect(found).toEqual(["Dairy & Eggs", "Dairy & Eggs", "Bakery", "Dairy & Eggs", "Dairy & Eggs", "Bakery"]);
    const names = quikSearch(index, ["milk", "eggs", "bread"], 3).products.map((p) => p.name);
    expect(names[0]).toMatch(/Milk/);
    expect(names[1]).toMatch(/Eggs/);
    expect(names[2]).toMatch(/Bread/);
  });

  it("counts every product the terms found, each once, beyond the limit", () => {
    const one = quikSearch(index, ["yoghurt"], 50).total;
    expect(quikSearch(index, ["yoghurt", "yogurt"], 2)).toMatchObject({ total: one });
    expect(quikSearch(index, ["yoghurt", "yogurt"], 2).products).toHaveLength(2);
  });
});
