/**
 * Seeded editorial content: journal articles and the home page banners (desktop and mobile).
 * Blog bodies are hand-written HTML; they are sanitised again before storage.
 */
import type { SeedBanner, SeedBlog } from './seed-types.ts';

const measureBraSize = `
<p>Straps that dig in, a band that rides up your back, cups that wrinkle or spill over: almost every common bra complaint comes down to size. The good news is that you do not need a fitting room to find a better fit. With a soft measuring tape, a mirror and five minutes, you can work out your size at home.</p>

<h2>What you need</h2>
<ul>
  <li>A soft tailor's measuring tape, the kind used for blouse measurements</li>
  <li>A well-fitting, <strong>non-padded</strong> bra, or no bra at all</li>
  <li>A mirror, so you can check that the tape is level all the way round</li>
</ul>

<h2>Step 1: Measure your band</h2>
<p>Stand straight and wrap the tape snugly around your ribcage, directly under your bust, where the band of a bra sits. Breathe out normally; the tape should feel firm but not tight. Note the measurement in inches.</p>
<p>If it is an even number, that is your band size. If it is an odd number, round up to the next even number. For example, 31 inches becomes a <strong>32</strong> band, and 34 inches stays a <strong>34</strong>.</p>

<h2>Step 2: Measure your bust</h2>
<p>Now wrap the tape loosely around the fullest part of your bust, usually level with the nipples. Keep it parallel to the floor, because it tends to slip down at the back. Do not pull it tight: you are measuring volume, not compressing it. Round to the nearest whole inch.</p>

<h2>Step 3: Work out your cup</h2>
<p>Subtract your band size from your bust measurement. Each inch of difference is one cup size:</p>
<ol>
  <li>1 inch: A cup</li>
  <li>2 inches: B cup</li>
  <li>3 inches: C cup</li>
  <li>4 inches: D cup</li>
  <li>5 inches: DD cup</li>
</ol>
<p>So a band of 34 and a bust of 37 gives a difference of 3 inches, which is a <strong>34C</strong>. You can compare your result with the size chart on any of our <a href="/products/bras">bras</a>.</p>

<h2>Step 4: Check the fit when you try it on</h2>
<p>A tape measure gets you close, but your body has the final say. Different styles fit differently, so check these points every time you try on a new bra.</p>
<h3>The band</h3>
<p>The band does most of the supporting work. It should sit level all the way round, and you should just be able to slide two fingers underneath it. Fasten a new bra on the <em>loosest</em> hook; as the elastic relaxes over the months, move to the tighter ones.</p>
<h3>The cups</h3>
<p>There should be no gaping at the top and no spilling over the edge or at the sides. If the bra has an underwire, it should sit behind your breast tissue, not on it.</p>
<h3>The centre and the straps</h3>
<p>The centre panel between the cups should lie flat against your breastbone. Straps should stay in place without digging in. If they leave deep red marks, the band is probably too loose and the straps are doing its job instead.</p>

<blockquote>If the band rides up at the back, go down a band size. If the cups wrinkle, go down a cup size; if they overflow, go up one.</blockquote>

<h2>Understanding sister sizes</h2>
<p>Cup volume is tied to band size, so a 34C cup holds roughly the same volume as a 32D or a 36B. These are called <em>sister sizes</em>. If a 34C feels right in the cup but loose in the band, try a 32D rather than a 32C.</p>

<h2>When to measure again</h2>
<p>Measure yourself every six months or so, and after any change in weight, pregnancy, breastfeeding or a new fitness routine. Your size can change more often than you might think, and a quick check is the easiest way to keep every bra comfortable.</p>
`;

const caringForLace = `
<p>A good lace bra is an investment, and how you wash it matters as much as how often you wear it. Heat, harsh detergents and the spin cycle are what wear out elastic, flatten padding and make lace pill. With a few simple habits, your favourite pieces can look new for far longer.</p>

<h2>How often should you wash a bra?</h2>
<p>Bras do not need washing after every wear. As a rule, wash a bra after two or three wears, and give it a day off in between so the elastic can recover. In the humid months, or after a sweaty commute, wash it sooner. Panties, camisoles and sports bras should be washed after every wear.</p>

<h2>Hand washing, step by step</h2>
<p>Hand washing is the gentlest option, and it takes less than ten minutes.</p>
<ol>
  <li>Fill a bucket or basin with <strong>cool</strong> water. Hot water breaks down elastane quickly.</li>
  <li>Add a capful of a mild, pH-balanced wash such as our <a href="/products/beauty">Gentle Lingerie Wash</a>. Avoid regular detergent powders, which are too harsh for lace.</li>
  <li>Fasten the hooks, submerge the bra and let it soak for five minutes.</li>
  <li>Swish gently and press the water through the fabric. Do not scrub or wring.</li>
  <li>Rinse in clean, cool water until no suds remain.</li>
</ol>

<h2>If you must use a machine</h2>
<p>Life is busy, and sometimes the machine wins. If you do machine wash:</p>
<ul>
  <li>Fasten every hook so it cannot snag other clothes.</li>
  <li>Put bras in a <strong>mesh wash bag</strong>, one or two per bag.</li>
  <li>Choose the delicate or wool cycle with cold water and the lowest spin.</li>
  <li>Skip fabric softener, which coats the fibres of lace and moisture-wicking sportswear.</li>
</ul>

<h2>Drying: the step that matters most</h2>
<p>Never put lingerie in a tumble dryer, and never wring it out. Instead, roll it in a clean towel and press gently to remove excess water. Then reshape the cups with your hands and lay the bra flat, or hang it from the centre panel rather than by the straps, which can stretch when wet.</p>
<p>Dry indoors or in the shade. Strong Indian sun fades dark colours and turns ivory lace yellow surprisingly quickly.</p>

<h3>What about the monsoon?</h3>
<p>During the rains, slow drying can leave a musty smell. Dry delicates under a fan in a well-ventilated room, and make sure they are completely dry before you put them away.</p>

<h2>Storing your lingerie</h2>
<p>How you store bras affects their shape. Keep moulded and padded bras nested one inside the other in a drawer, rather than folding one cup into the other, which creases the foam. Lace bralettes and unlined bras can be folded in half. Keep satin and silk away from rough fabrics and zips.</p>

<blockquote>A simple rule of thumb: the less heat, friction and force your lingerie sees, the longer it lasts.</blockquote>

<h2>Removing common stains</h2>
<p>For make-up or deodorant marks, dab a little lingerie wash directly on the spot and leave it for ten minutes before washing. For <em>haldi</em> or oil stains, act quickly: blot, then rinse from the back of the fabric with cool water. Avoid bleach entirely, even on white cotton, as it weakens elastic.</p>

<h2>Know when to let go</h2>
<p>Even with the best care, a bra that is worn regularly lasts roughly six to twelve months. When the band no longer feels firm on the tightest hook, or the wires begin to poke through, it is time for a replacement. Rotating three or four bras through the week is the easiest way to make each one last longer.</p>
`;

const summerFabrics = `
<p>From the dry heat of Delhi in May to the sticky humidity of Chennai and Mumbai, Indian summers are hard on the body. What you wear closest to your skin makes a bigger difference to your comfort than almost anything else. Here is a practical guide to the fabrics that keep you cool, and the ones to save for winter.</p>

<h2>Why fabric matters so much</h2>
<p>In hot weather, your body cools itself by sweating, and that sweat needs to evaporate. Fabrics that trap moisture against the skin leave you feeling damp and clammy, and can lead to rashes and chafing. The best summer fabrics either <strong>absorb</strong> moisture and let it evaporate, or <strong>wick</strong> it quickly away from the skin.</p>

<h2>The summer favourites</h2>
<h3>Cotton</h3>
<p>Cotton is the classic choice for good reason. It is soft, breathable and absorbent, and it is gentle on sensitive skin. Look for combed cotton with a little spandex for everyday panties and non-padded bras. Its one weakness is that it dries slowly, so on very sweaty days it can stay damp.</p>
<h3>Modal and cotton-modal</h3>
<p>Modal is made from beech-wood fibre. It feels cooler and silkier than cotton, absorbs moisture well and does not cling. Cotton-modal blends combine the best of both, which is why we use them in so many of our <a href="/products/panties">panties</a> and lounge tees.</p>
<h3>Micro-fibre</h3>
<p>Good-quality micro-fibre is thin, smooth and very quick to dry. It is ideal for T-shirt bras and seamless underwear, because it lies flat under clothes. Always look for a cotton-lined gusset in micro-fibre panties.</p>
<h3>Cotton voile and linen for sleepwear</h3>
<p>For nightwear, loosely woven fabrics such as voile and linen let air move freely. They are perfect for hot nights when the fan is barely keeping up.</p>

<h2>Fabrics to approach with care</h2>
<ul>
  <li><strong>Thick foam padding</strong> traps heat. If you like shape, choose spacer-fabric cups, which are knitted with tiny air channels.</li>
  <li><strong>Polyester satin</strong> looks beautiful but does not absorb sweat. Save it for evenings in air-conditioned rooms.</li>
  <li><strong>Heavy shapewear</strong> can be very warm. Pick breathable power mesh, and wear it only for the hours you need it.</li>
</ul>

<blockquote>A quick test before you buy: hold the fabric up to a window. If light comes through the weave easily, so will air, and your skin will be able to breathe.</blockquote>

<h2>Fit matters as much as fabric</h2>
<p>Even the most breathable fabric feels hot if it is too tight. In summer, choose a bra band that is firm but not constricting, and panties with soft, covered waistbands that do not leave marks. Looser sleepwear lets air circulate around your body while you sleep.</p>

<h2>A quick summer checklist</h2>
<ol>
  <li>Choose cotton or cotton-modal for everyday underwear.</li>
  <li>Keep one or two micro-fibre T-shirt bras for fitted outfits.</li>
  <li>Switch to unlined or spacer-cup bras if you find foam too warm.</li>
  <li>Try anti-chafe boyshorts under dresses and skirts.</li>
  <li>Change out of sweaty sportswear as soon as you can after a workout.</li>
</ol>

<p>Small swaps like these add up to a noticeably cooler day. Explore our <a href="/products/bras">breathable bras</a> and <em>summer essentials</em>, and stay comfortable until the monsoon arrives.</p>
`;

const sleepwearFabrics = `
<p>Good sleep depends on a cool, comfortable body, and what you wear to bed plays a big part. The right nightwear fabric keeps you from overheating in summer, keeps you warm without sweating in winter, and feels so soft that you forget you are wearing it. Here is how the most popular sleepwear fabrics compare.</p>

<h2>Cotton: the all-rounder</h2>
<p>Cotton is breathable, absorbent and easy to wash, which makes it the most practical choice for most people for most of the year. Within cotton, the weave changes how it feels:</p>
<ul>
  <li><strong>Poplin</strong> is smooth and crisp, like a good shirt. It is ideal for classic button-down <a href="/products/sleep-lingerie">pyjama sets</a>.</li>
  <li><strong>Voile and cambric</strong> are lightweight and airy, perfect for summer chemises and capri sets.</li>
  <li><strong>Jersey</strong> is knitted, so it stretches. It is what your favourite sleep tee is made from.</li>
  <li><strong>Flannel</strong> is brushed on the surface to trap warmth, which makes it a good choice for north Indian winters.</li>
</ul>

<h2>Modal: cooler and silkier</h2>
<p>Modal is a plant-based fibre made from beech wood. It is smoother than cotton, drapes beautifully and absorbs moisture well, so it feels cool against the skin on humid nights. It also resists shrinking and fading. The only drawback is that it can pill over time if washed on a rough cycle, so stick to a gentle setting.</p>

<h2>Satin: glamour with a caveat</h2>
<p>Most satin sleepwear is polyester, woven to give a lustrous surface. It looks and feels luxurious and is kind to your hair and skin, because it creates less friction than cotton. However, polyester satin does not absorb sweat, so it is best for air-conditioned bedrooms or the cooler months.</p>
<h3>How to care for satin</h3>
<p>Hand wash in cold water, or machine wash inside a mesh bag on a delicate cycle. Iron on low heat, on the reverse side, to keep the sheen.</p>

<h2>Silk: the luxury choice</h2>
<p>Pure mulberry silk is naturally <em>temperature-regulating</em>, so it feels cool in summer and cosy in winter. It is light, breathable and very gentle on the skin. Silk does need more care, with dry cleaning or careful hand washing, but a good silk robe or slip can last for years.</p>

<blockquote>If you often wake up hot, start with cotton voile or modal. If you feel the cold, try flannel or silk. And if you simply want to feel special, reach for satin.</blockquote>

<h2>Choosing by season</h2>
<ol>
  <li><strong>Summer (March to June):</strong> cotton voile, cotton jersey and modal, in loose shorts sets or chemises.</li>
  <li><strong>Monsoon (July to September):</strong> quick-drying modal, since cotton can take a long time to dry in damp weather.</li>
  <li><strong>Winter (November to February):</strong> brushed flannel pyjamas, or a silk or satin robe layered over cotton.</li>
</ol>

<h2>Fit for a better night</h2>
<p>Whatever the fabric, sleepwear should never pinch. Look for soft covered elastic or drawstring waists, and enough room through the hips and shoulders to turn over freely. Avoid bulky seams and scratchy labels, especially on sleep tees.</p>

<p>Ready to upgrade your nights? Browse our <a href="/products/sleep-lingerie">sleep and lingerie collection</a> for cotton nightsuits, modal sets, satin slips and robes.</p>
`;

const sportsBraGuide = `
<p>If you have ever gone for a run in a regular bra, you already know why sports bras exist. Breasts have no muscle of their own, and without proper support, repeated bouncing can be uncomfortable and strain the delicate ligaments that hold them up. A good sports bra reduces that movement and makes exercise far more comfortable. Here is how to choose your first one.</p>

<h2>Start with the impact level</h2>
<p>Sports bras are usually grouped by how much movement they are designed for:</p>
<ul>
  <li><strong>Low impact:</strong> yoga, stretching, walking and pilates. A soft pull-on bra is often enough.</li>
  <li><strong>Medium impact:</strong> cycling, brisk walking, dance and strength training.</li>
  <li><strong>High impact:</strong> running, HIIT, skipping, badminton and aerobics.</li>
</ul>
<p>If you do a bit of everything, buy for your most intense activity. A high-impact bra works for yoga, but a yoga bra will not hold you during a run.</p>

<h2>Compression or encapsulation?</h2>
<h3>Compression</h3>
<p>Compression bras press the breasts gently against the chest to limit movement: think of the classic <em>crop-top</em> shape. Most are pull-on and work well for smaller cup sizes and lower-impact activity.</p>
<h3>Encapsulation</h3>
<p>Encapsulation bras have separate moulded cups, like an everyday bra, and support each breast individually. They suit larger cup sizes and high-impact workouts. Many high-impact bras combine both methods for the best control.</p>

<h2>Features worth looking for</h2>
<ol>
  <li><strong>Moisture-wicking fabric.</strong> In Indian heat, this is essential. Polyamide and polyester blends move sweat away from the skin and dry fast, whereas cotton holds on to it.</li>
  <li><strong>An adjustable band and straps.</strong> Hook-and-eye closures let you fine-tune the fit, and they make the bra much easier to take off after a sweaty session.</li>
  <li><strong>Wide, padded straps</strong> that spread the load, especially for D cups and above.</li>
  <li><strong>Flat seams</strong>, so nothing rubs during repeated movement.</li>
  <li><strong>Removable pads</strong>, which let you choose your coverage and make washing easier.</li>
</ol>

<blockquote>A sports bra should feel firmer than your everyday bra, but you should still be able to take a full, deep breath.</blockquote>

<h2>How to check the fit</h2>
<p>Try it on and do a quick test at home before you remove the tags. Jog on the spot, jump a few times and swing your arms. The band should stay level without riding up, the cups should hold you without spilling, and the straps should not slip off your shoulders. If you are between sizes, our guide to measuring your bra size at home will help, and every product page has a <a href="/products/bras">size chart</a>.</p>

<h2>Caring for your sports bra</h2>
<p>Wash your sports bra after every workout, in cold water and without fabric softener, which blocks the wicking finish. Dry it in the shade. Replace it when the band starts to feel loose or the fabric loses its stretch, usually after six months to a year of regular use.</p>

<p>Ready to start? Browse our <a href="/products/bras">sports bras</a>, from soft cotton pull-ons for yoga to encapsulated racerbacks for your first 5K. Want to see them in action? We share workout fit checks on <a href="https://www.instagram.com/">Instagram</a>.</p>
`;

export const seedBlogs: SeedBlog[] = [
  {
    title: 'How to Measure Your Bra Size at Home',
    markup: measureBraSize.trim(),
    content:
      'A step-by-step guide to measuring your band and bust with a soft tape, working out your cup size, checking the fit and using sister sizes.',
    garment: 'bra',
    colorHex: '#F4C2C2',
    createdDaysAgo: 20,
  },
  {
    title: 'Caring for Lace and Delicates',
    markup: caringForLace.trim(),
    content:
      'How often to wash bras, how to hand wash and machine wash lace safely, how to dry delicates in the Indian sun and monsoon, and how to store them so they keep their shape.',
    garment: 'bralette',
    colorHex: '#C8A2C8',
    createdDaysAgo: 45,
  },
  {
    title: 'Choosing Fabrics for Indian Summers',
    markup: summerFabrics.trim(),
    content:
      'Cotton, modal, micro-fibre and voile compared for hot and humid weather, with the fabrics to avoid and a quick checklist for staying cool.',
    garment: 'camisole',
    colorHex: '#98D8C8',
    createdDaysAgo: 75,
  },
  {
    title: 'A Guide to Sleepwear Fabrics',
    markup: sleepwearFabrics.trim(),
    content:
      'Cotton poplin, voile, jersey and flannel, modal, satin and silk: how each sleepwear fabric feels, which season it suits and how to care for it.',
    garment: 'nightsuit',
    colorHex: '#B0E0E6',
    createdDaysAgo: 110,
  },
  {
    title: "The First-Time Shopper's Guide to Sports Bras",
    markup: sportsBraGuide.trim(),
    content:
      'Impact levels, compression versus encapsulation, the features worth paying for and a simple at-home fit test for your first sports bra.',
    garment: 'sports-bra',
    colorHex: '#F88379',
    createdDaysAgo: 9,
  },
];

export const seedDesktopBanners: SeedBanner[] = [
  {
    name: 'Desktop: Breathable bras',
    headline: 'Bras that breathe',
    subline: 'New T-shirt bras, bralettes and sports bras for long, hot days',
    colorHex: '#F4C2C2',
    garment: 'bra',
    link: '/products/bras',
  },
  {
    name: 'Desktop: Welcome offer NEW10',
    headline: 'Flat 10% off your first order',
    subline: 'Use code NEW10 at checkout',
    colorHex: '#722F37',
    garment: 'bralette',
    link: 'www.lacebloom.in',
  },
  {
    name: 'Desktop: Sleep edit',
    headline: 'Sleep in something softer',
    subline: 'Cotton nightsuits, satin slips and robes for every season',
    colorHex: '#C8A2C8',
    garment: 'nightsuit',
    link: 'products/sleep-lingerie',
  },
  {
    name: 'Desktop: Instagram',
    headline: 'Follow us on Instagram',
    subline: 'Fit videos, styling tips and first looks at new drops',
    colorHex: '#2A7F80',
    garment: 'camisole',
    link: 'https://www.instagram.com/',
  },
];

export const seedMobileBanners: SeedBanner[] = [
  {
    name: 'Mobile: Welcome offer NEW10',
    headline: '10% off your first order',
    subline: 'Code NEW10 at checkout',
    colorHex: '#722F37',
    garment: 'bralette',
    link: 'www.lacebloom.in',
  },
  {
    name: 'Mobile: Find your fit',
    headline: 'Find your fit',
    subline: 'Bras in sizes 32B to 40D',
    colorHex: '#F4C2C2',
    garment: 'bra',
    link: '/products/bras',
  },
  {
    name: 'Mobile: Sleep edit',
    headline: 'Night-in essentials',
    subline: 'Nightsuits, slips and robes',
    colorHex: '#C8A2C8',
    garment: 'babydoll',
    link: 'products/sleep-lingerie',
  },
  {
    name: 'Mobile: Instagram',
    headline: 'See it styled',
    subline: 'Follow us on Instagram',
    colorHex: '#2A7F80',
    garment: 'sports-bra',
    link: 'https://www.instagram.com/',
  },
];
