import { dollarsToCents } from '@labshop/shared/money';
import type { IllustrationKind } from './illustrations.ts';

/**
 * The demo catalogue. Every name, number, text and price here is invented for the demo shop;
 * none of it describes a real product or brand.
 */

export interface SeedCategory {
  name: string;
  /** What the generated thumbnail and product pictures show. */
  illustration: IllustrationKind;
  /** Main colour of the machine bodies drawn for this category. */
  accent: string;
}

export interface SeedProduct {
  number: string;
  title: string;
  description: string;
  category: string;
  newPriceCents: number;
  oldPriceCents: number | null;
  wholesalePriceCents: number;
  partnerPriceX3Cents: number | null;
  /** Pounds, packed: what the freight table's weight bands read. */
  shippingWeightLb: number;
  hasBrochure: boolean;
}

/** Listed in display order: the home page shows the first 11. */
export const seedCategories: SeedCategory[] = [
  { name: 'Alloy Grinders', illustration: 'grinder', accent: '#1f5fa8' },
  { name: 'Vibrators', illustration: 'vibrator', accent: '#0f8a7e' },
  { name: 'Polishing Lathes', illustration: 'lathe', accent: '#2d4a6b' },
  { name: 'Dust Collectors', illustration: 'dustCollector', accent: '#5b6b7a' },
  { name: 'Model Trimmers', illustration: 'trimmer', accent: '#2f7d4f' },
  { name: 'Sandblasters', illustration: 'sandblaster', accent: '#b5532a' },
  { name: 'Casting Equipment', illustration: 'furnace', accent: '#8c3b2e' },
  { name: 'Lab Motors', illustration: 'motor', accent: '#34495e' },
  { name: 'Handpieces', illustration: 'handpiece', accent: '#6a4fa3' },
  { name: 'Vacuum Mixers', illustration: 'mixer', accent: '#1d7fa6' },
  { name: 'Steam Cleaners', illustration: 'steamer', accent: '#c0392b' },
  { name: 'Burs and Wheels', illustration: 'burs', accent: '#a07a1f' },
  { name: 'Brushes', illustration: 'brushes', accent: '#7a5230' },
  { name: 'Belts', illustration: 'belts', accent: '#8a6d3b' },
  { name: 'Replacement Parts', illustration: 'parts', accent: '#4d5d6c' },
  { name: 'Pin Systems', illustration: 'pins', accent: '#3c6e91' },
  { name: 'Accessories', illustration: 'accessories', accent: '#d08a1e' },
];

interface ProductRow {
  number: string;
  title: string;
  category: string;
  /** Dollars; converted to cents below so the table stays readable. */
  prices: { retail: number; wholesale: number; partnerX3: number | null; old?: number };
  brochure?: boolean;
  description: string;
}

const productRows: ProductRow[] = [
  // Alloy Grinders
  {
    number: 'AG-210',
    title: 'Single-Station Alloy Grinder',
    category: 'Alloy Grinders',
    prices: { retail: 1295, wholesale: 1125, partnerX3: 1079, old: 1395 },
    brochure: true,
    description:
      'Our best-selling bench grinder for trimming metal frameworks, sprues and cast crowns. A 1/2 HP induction motor drives an 8-inch aluminium-oxide wheel at 3,450 RPM on 115 V, 60 Hz. The cast-iron base and rubber feet keep it steady on any bench, and the polycarbonate eye shield swings up for wheel changes. Footprint 14 x 10 in., weight 38 lb. Built and tested in our Ohio plant.',
  },
  {
    number: 'AG-220',
    title: 'Twin-Station Alloy Grinder with Dust Hood',
    category: 'Alloy Grinders',
    prices: { retail: 2450, wholesale: 2150, partnerX3: 2060 },
    description:
      'Two technicians can grind at once on this double-ended grinder with a shared dust hood. Each 8-inch wheel runs at 3,450 RPM from a 3/4 HP totally enclosed motor, and the hood has a 2.5-inch port for any lab dust collector. Adjustable tool rests, two eye shields and LED work lights are standard. 115 V or 230 V, 58 lb.',
  },
  {
    number: 'AG-300X',
    title: 'Heavy-Duty Alloy Grinder, 1 HP, Three-Phase Ready',
    category: 'Alloy Grinders',
    prices: { retail: 3895, wholesale: 3450, partnerX3: null },
    description:
      'Built for production labs that grind chrome-cobalt partials all day. The 1 HP motor can be ordered single-phase 230 V or three-phase 208 V and turns a 10-inch wheel at 2,850 RPM. A sealed bearing housing, steel wheel guard and integrated spark arrestor make it the quietest grinder we have built. Dimensions 20 x 14 x 15 in., weight 86 lb.',
  },
  {
    number: 'AG-150',
    title: 'Compact Bench Alloy Grinder',
    category: 'Alloy Grinders',
    prices: { retail: 895, wholesale: 790, partnerX3: 755, old: 975 },
    description:
      'A small grinder for labs with limited bench space. The 1/3 HP motor spins a 6-inch wheel at 3,450 RPM and plugs into any 115 V outlet. The rest is adjustable in two axes and the wheel guard is cast aluminium. Footprint 10 x 8 in., weight 21 lb.',
  },
  {
    number: 'AG-210-LH',
    title: 'Left-Hand Alloy Grinder - Not Available',
    category: 'Alloy Grinders',
    prices: { retail: 1345, wholesale: 1170, partnerX3: null },
    description:
      'The mirror-image version of the AG-210 for left-handed technicians, with the wheel on the left of the motor. Same 1/2 HP motor, 8-inch wheel and 3,450 RPM. Production is paused while we retool the guard casting; please ask our sales team about the expected date.',
  },

  // Vibrators
  {
    number: 'VB-12',
    title: 'Model Vibrator, Medium Platform',
    category: 'Vibrators',
    prices: { retail: 329, wholesale: 285, partnerX3: 269, old: 359 },
    description:
      'Removes air bubbles from stone and investment as you pour. The 9 x 7 in. ribbed rubber platform takes two impression trays side by side, and the rotary knob sets the intensity from a gentle hum to a firm shake. 115 V, 40 W, weight 9 lb. The sealed housing wipes clean in seconds.',
  },
  {
    number: 'VB-16',
    title: 'Heavy-Duty Model Vibrator, Large Platform',
    category: 'Vibrators',
    prices: { retail: 465, wholesale: 405, partnerX3: 385 },
    description:
      'Our largest vibrator, with a 12 x 9 in. platform for flasks, full-arch trays and investment rings. A continuous-duty coil and steel chassis handle all-day use in busy pouring rooms. Five intensity settings, 115 V, 65 W, weight 14 lb.',
  },
  {
    number: 'VB-8',
    title: 'Mini Vibrator',
    category: 'Vibrators',
    prices: { retail: 305, wholesale: 265, partnerX3: 249 },
    description:
      'A compact vibrator for single trays and small mixes, sized for the chairside lab. The 6 x 5 in. platform is removable for cleaning and the unit runs cool on 115 V, 25 W. Weight 5 lb.',
  },
  {
    number: 'DV34',
    title: 'Compact Digital Vibrator',
    category: 'Vibrators',
    prices: { retail: 349, wholesale: 305, partnerX3: 289 },
    description:
      'A quiet vibrator with a digital display and touch keys: choose one of nine intensity levels and a run time from 10 seconds to 5 minutes. The 8 x 6 in. platform has a replaceable silicone mat. This model is imported and then inspected and tested at our plant before it ships. 100-240 V universal power supply, weight 6 lb.',
  },

  // Polishing Lathes
  {
    number: 'PL-20',
    title: 'Two-Speed Polishing Lathe',
    category: 'Polishing Lathes',
    prices: { retail: 1150, wholesale: 995, partnerX3: 949, old: 1265 },
    description:
      'The classic lab lathe: a 1/3 HP motor with 1,725 and 3,450 RPM settings and a double-ended shaft for tapered spindles. Precision ball bearings keep run-out under 0.001 in. Accepts right- and left-hand spindles up to 1/2 in. 115 V, weight 24 lb.',
  },
  {
    number: 'PL-30',
    title: 'Variable-Speed Polishing Lathe with Foot Control',
    category: 'Polishing Lathes',
    prices: { retail: 1695, wholesale: 1480, partnerX3: 1415 },
    brochure: true,
    description:
      'Set any speed from 500 to 10,000 RPM with the foot control and keep both hands on the work. The brushless motor holds its speed under load and reverses at the flick of a switch. Supplied with a pair of tapered spindles and a chuck for 3/32 in. mandrels. 115 V, 1/2 HP, weight 27 lb.',
  },
  {
    number: 'PL-40',
    title: 'Twin-Speed Polishing Lathe - Not Available',
    category: 'Polishing Lathes',
    prices: { retail: 1395, wholesale: 1215, partnerX3: null },
    description:
      'A twin-speed lathe with a longer shaft for large buffs and rag wheels. The 1/2 HP motor runs at 1,725 or 3,450 RPM. This model is temporarily not available; the PL-30 is the recommended alternative.',
  },
  {
    number: 'PL-10',
    title: 'Compact Bench Lathe',
    category: 'Polishing Lathes',
    prices: { retail: 645, wholesale: 565, partnerX3: 539 },
    description:
      'A single-speed lathe for finishing acrylic and small frameworks. The 1/4 HP motor turns at 3,450 RPM, and the short shaft fits the smaller spindles. Weight 15 lb, 115 V.',
  },
  {
    number: 'PL-50',
    title: 'Enclosed Polishing Station with Light and Suction',
    category: 'Polishing Lathes',
    prices: { retail: 2895, wholesale: 2540, partnerX3: 2430, old: 3150 },
    description:
      'A complete polishing workstation: variable-speed lathe, stainless splash hood, LED light and a built-in suction fan with a washable filter. The hood catches pumice and compound before it reaches the room. Speed 500-10,000 RPM, 115 V, overall 26 x 18 x 20 in., weight 64 lb.',
  },

  // Dust Collectors
  {
    number: 'DC-100',
    title: 'Single-Port Dust Collector',
    category: 'Dust Collectors',
    prices: { retail: 685, wholesale: 595, partnerX3: 569 },
    description:
      'A quiet collector for one grinder, lathe or trimmer. Two-stage filtration with a washable pre-filter and a pleated cartridge captures fine alloy and stone dust. Airflow 95 CFM, noise 58 dB(A), 115 V. It starts automatically with the connected machine.',
  },
  {
    number: 'DC-200',
    title: 'Twin-Port Dust Collector with HEPA Filter',
    category: 'Dust Collectors',
    prices: { retail: 1245, wholesale: 1085, partnerX3: 1035, old: 1380 },
    brochure: true,
    description:
      'Serves two workstations with independent auto-start ports. The final HEPA stage traps 99.97 percent of particles at 0.3 micron, and a filter indicator shows when it is time for a new cartridge. Airflow 160 CFM, 115 V, 18 x 14 x 24 in., weight 42 lb.',
  },
  {
    number: 'DC-400',
    title: 'Central Dust Collector, Four Stations',
    category: 'Dust Collectors',
    prices: { retail: 2790, wholesale: 2450, partnerX3: 2340 },
    description:
      'One collector for four benches, installed in a closet or under a counter. A brushless turbine delivers 260 CFM, and each station opens its own motorised valve. Includes a 20-gallon dust drawer and a shaking mechanism that cleans the filter at every stop. 230 V.',
  },
  {
    number: 'DC-50',
    title: 'Under-Bench Dust Collector',
    category: 'Dust Collectors',
    prices: { retail: 475, wholesale: 415, partnerX3: 395 },
    description:
      'A slim single-port collector that fits under a standard lab bench. Airflow 70 CFM, washable filter bag, 115 V. Perfect for a handpiece station or a small model trimmer.',
  },

  // Model Trimmers
  {
    number: 'MT-10',
    title: 'Wet Model Trimmer, 10-Inch Wheel',
    category: 'Model Trimmers',
    prices: { retail: 995, wholesale: 870, partnerX3: 829, old: 1095 },
    brochure: true,
    description:
      'Trims stone models quickly and cleanly under a constant water spray. The 10-inch abrasive wheel runs at 2,800 RPM on a 1/2 HP motor, and the cast table tilts to 90 degrees. The splash cover is clear so you always see the model. 115 V, weight 34 lb.',
  },
  {
    number: 'MT-12',
    title: 'Heavy-Duty Model Trimmer, 12-Inch Wheel',
    category: 'Model Trimmers',
    prices: { retail: 1385, wholesale: 1210, partnerX3: 1155 },
    description:
      'A larger trimmer for orthodontic and study-model work. The 1 HP motor turns a 12-inch wheel, and the extra-wide table takes full upper and lower models. Includes a water solenoid that opens only while the motor runs. 115 V, weight 48 lb.',
  },
  {
    number: 'MT-7D',
    title: 'Dry Model Trimmer with Dust Port',
    category: 'Model Trimmers',
    prices: { retail: 865, wholesale: 755, partnerX3: 720 },
    description:
      'Trims dry stone and plaster without water. A 7-inch diamond-coated wheel and a 2.5-inch dust port keep the bench clean when connected to a collector. 115 V, 3,450 RPM, weight 22 lb.',
  },

  // Sandblasters
  {
    number: 'SB-1',
    title: 'Single-Tank Sandblaster',
    category: 'Sandblasters',
    prices: { retail: 1095, wholesale: 955, partnerX3: 910 },
    description:
      'A sealed cabinet with one abrasive tank for divesting castings and roughening surfaces. The pencil nozzle handles 50 to 250 micron media at 30 to 90 psi. LED interior light and a large, replaceable viewing window. Requires shop air and a dust collector.',
  },
  {
    number: 'SB-2',
    title: 'Dual-Tank Sandblaster with Foot Pedal',
    category: 'Sandblasters',
    prices: { retail: 1945, wholesale: 1700, partnerX3: 1625 },
    brochure: true,
    description:
      'Two tanks for two grades of media, switched with a knob and run by a pneumatic foot pedal. Each tank holds 2.5 lb of aluminium oxide or glass bead. The cabinet has an anti-static glove port, a 10 x 7 in. window and a built-in pressure regulator with gauge. 115 V for the light, air 60-100 psi.',
  },
  {
    number: 'SB-4',
    title: 'Four-Tank Micro-Etcher Sandblasting Cabinet',
    category: 'Sandblasters',
    prices: { retail: 3450, wholesale: 3020, partnerX3: 2890, old: 3795 },
    description:
      'Four micro-etcher tanks with individual pressure control for ceramics, zirconia and metal work. The cabinet is stainless inside, with a sealed viewing window and magnetic lid. A recycling cyclone returns coarse media to the main tank. 115 V, air 40-100 psi.',
  },

  // Casting Equipment
  {
    number: 'CE-5',
    title: 'Centrifugal Casting Machine, Spring-Wound',
    category: 'Casting Equipment',
    prices: { retail: 1485, wholesale: 1295, partnerX3: 1240 },
    description:
      'A proven broken-arm centrifuge for precious and base-metal alloys. The arm is balanced with a calibrated counterweight and the steel bowl has a hinged lid. Takes rings up to size 9. No electricity needed.',
  },
  {
    number: 'CE-9',
    title: 'Burnout Furnace, 9-Inch Muffle',
    category: 'Casting Equipment',
    prices: { retail: 2350, wholesale: 2060, partnerX3: 1970 },
    brochure: true,
    description:
      'A programmable burnout furnace with a 9 x 7 x 5 in. quartz muffle. Store up to 20 programs of four stages each, up to 2,000 F. A vent-and-hood port exhausts wax fumes, and the door interlock cuts the heaters when opened. 230 V, 1,800 W.',
  },
  {
    number: 'CE-7',
    title: 'Benchtop Induction Melting Unit',
    category: 'Casting Equipment',
    prices: { retail: 4250, wholesale: 3720, partnerX3: null, old: 4495 },
    description:
      'Melts up to 60 g of dental alloy in under a minute with a water-cooled induction coil. A pyrometer window shows the melt temperature and the unit switches off at the set point. 230 V, 3.5 kW, closed-loop cooling included.',
  },
  {
    number: 'CE-CR6',
    title: 'Ceramic Casting Crucibles, Pack of 6',
    category: 'Casting Equipment',
    prices: { retail: 38, wholesale: 32.5, partnerX3: 30.75 },
    description:
      'Replacement crucibles for centrifugal casting machines. Fired refractory clay rated to 2,600 F, with a pouring lip shaped for clean metal flow. Six per pack.',
  },

  // Lab Motors
  {
    number: 'LM-1',
    title: 'Bench Lab Motor, 1/4 HP, Two Speed',
    category: 'Lab Motors',
    prices: { retail: 485, wholesale: 425, partnerX3: 405 },
    description:
      'A general-purpose bench motor with a threaded shaft on each side for spindles, chucks and wheels. Two speeds, 1,725 and 3,450 RPM, and a sealed toggle switch. 115 V, weight 14 lb.',
  },
  {
    number: 'LM-3',
    title: 'Lab Motor, 1/3 HP, Variable Speed',
    category: 'Lab Motors',
    prices: { retail: 695, wholesale: 610, partnerX3: 580, old: 765 },
    description:
      'Electronic speed control from 800 to 6,000 RPM with constant torque, for grinding, polishing and flexible-shaft work. The motor is fan-cooled and rated for continuous duty. 115 V, weight 17 lb.',
  },
  {
    number: 'LM-5',
    title: 'Heavy-Duty Lab Motor, 1/2 HP, Dual Shaft',
    category: 'Lab Motors',
    prices: { retail: 945, wholesale: 830, partnerX3: 790 },
    description:
      'Our strongest bench motor, with a 5/8 in. dual shaft and oversized bearings for large buffs. Totally enclosed, fan-cooled housing and a magnetic starter switch. 115/230 V, 3,450 RPM, weight 29 lb.',
  },

  // Handpieces
  {
    number: 'HP-35',
    title: 'Micromotor Handpiece Kit, 35,000 RPM',
    category: 'Handpieces',
    prices: { retail: 545, wholesale: 475, partnerX3: 455 },
    description:
      'A complete micromotor kit: control box, knee or foot control, and a lightweight handpiece with a quick-change chuck for 3/32 in. burs. Speed 1,000 to 35,000 RPM, forward and reverse. The handpiece weighs 7 oz and stays cool in long sessions.',
  },
  {
    number: 'HP-50',
    title: 'Brushless Micromotor Kit, 50,000 RPM',
    category: 'Handpieces',
    prices: { retail: 985, wholesale: 860, partnerX3: 820, old: 1090 },
    description:
      'A brushless handpiece with high torque at low speed for zirconia and chrome-cobalt. The control shows speed on a bright display and remembers four presets. Speed 1,000 to 50,000 RPM, torque 7.8 Ncm, maintenance-free motor.',
  },
  {
    number: 'HP-20',
    title: 'Straight Handpiece, Belt-Driven',
    category: 'Handpieces',
    prices: { retail: 325, wholesale: 285, partnerX3: 270 },
    description:
      'A rugged straight handpiece for belt-driven lab engines and flexible shafts. Sealed ball bearings, a lever chuck for 3/32 in. shanks and a knurled steel grip. Maximum speed 22,000 RPM.',
  },
  {
    number: 'HP-PN',
    title: 'Pneumatic Turbine Handpiece for Ceramics',
    category: 'Handpieces',
    prices: { retail: 615, wholesale: 540, partnerX3: null },
    description:
      'An air-driven turbine handpiece for fine ceramic and zirconia adjustment with water spray. Runs at up to 300,000 RPM on 35 psi drive air and takes friction-grip burs. Includes a bench holder and a water bottle kit.',
  },

  // Vacuum Mixers
  {
    number: 'VM-2',
    title: 'Vacuum Power Mixer, Bench Model',
    category: 'Vacuum Mixers',
    prices: { retail: 1250, wholesale: 1095, partnerX3: 1045 },
    brochure: true,
    description:
      'Mixes stone and investment under vacuum for dense, bubble-free results. An oil-free pump reaches 28 in. Hg in seconds, and the timer runs from 10 to 90 seconds. Supplied with 250 ml and 500 ml bowls. 115 V, weight 26 lb.',
  },
  {
    number: 'VM-3',
    title: 'Programmable Vacuum Mixer with Wall Mount',
    category: 'Vacuum Mixers',
    prices: { retail: 1890, wholesale: 1650, partnerX3: 1580, old: 2050 },
    description:
      'Stores 40 mixing programs with pre-vacuum, speed and time for each material. The wall bracket frees the bench, and the bowl holder swings out for easy pouring. Speed 100 to 450 RPM, 115 V.',
  },
  {
    number: 'VM-B500',
    title: 'Mixing Bowl, 500 ml, with Paddle',
    category: 'Vacuum Mixers',
    prices: { retail: 62, wholesale: 54, partnerX3: 51 },
    description:
      'A clear polycarbonate mixing bowl with a stainless paddle and silicone seal, for VM-series mixers. Capacity 500 ml, dishwasher-safe bowl.',
  },
  {
    number: 'VM-B250',
    title: 'Mixing Bowl, 250 ml',
    category: 'Vacuum Mixers',
    prices: { retail: 48, wholesale: 41.5, partnerX3: 39.25 },
    description:
      'A smaller bowl for single models and small investment rings. Clear polycarbonate with a stainless paddle. Fits all VM-series mixers.',
  },

  // Steam Cleaners
  {
    number: 'SC-4',
    title: 'Steam Cleaner, 4-Liter Tank',
    category: 'Steam Cleaners',
    prices: { retail: 1395, wholesale: 1220, partnerX3: 1165 },
    brochure: true,
    description:
      'Dry, high-pressure steam removes polishing compound, investment and wax from frameworks and crowns. The 4-liter stainless boiler reaches working pressure in 12 minutes and holds 60 psi. Foot switch and pressure gauge included. 115 V, 1,500 W.',
  },
  {
    number: 'SC-6A',
    title: 'Automatic Steam Cleaner, 6-Liter, Auto-Refill',
    category: 'Steam Cleaners',
    prices: { retail: 2195, wholesale: 1920, partnerX3: 1840, old: 2395 },
    description:
      'Connects to the water line and refills itself, so it never runs dry during a busy day. 6-liter boiler, wet or dry steam selectable, and an automatic blow-down that keeps scale out of the tank. 230 V, 2,200 W.',
  },
  {
    number: 'SC-FS',
    title: 'Steam Cleaner Foot Switch',
    category: 'Steam Cleaners',
    prices: { retail: 58, wholesale: 49.5, partnerX3: 47 },
    description:
      'A replacement pneumatic foot switch with a 6 ft hose for SC-series steam cleaners. Non-slip base and a sealed bellows.',
  },

  // Burs and Wheels
  {
    number: 'BW-C10',
    title: 'Carbide Bur, Cross-Cut, HP Shank',
    category: 'Burs and Wheels',
    prices: { retail: 11.5, wholesale: 9.75, partnerX3: 8.9 },
    description:
      'A tungsten carbide cutter with a cross-cut pattern for fast removal on acrylic and soft alloys. 3/32 in. handpiece shank, 6 mm head, maximum 30,000 RPM.',
  },
  {
    number: 'BW-D25',
    title: 'Diamond Disc, 25 mm, Double-Sided',
    category: 'Burs and Wheels',
    prices: { retail: 24.95, wholesale: 21.5, partnerX3: 19.8, old: 28.5 },
    description:
      'A flexible double-sided diamond disc for separating and contouring ceramics. Diameter 25 mm, thickness 0.15 mm, medium grit. Mount on a screw-type mandrel.',
  },
  {
    number: 'BW-S25',
    title: 'Separating Discs, Pack of 25',
    category: 'Burs and Wheels',
    prices: { retail: 18.75, wholesale: 16.2, partnerX3: 15.1 },
    description:
      'Fibre-reinforced cut-off discs for sprues and base-metal frameworks. 22 x 0.6 mm, 25 discs per tube.',
  },
  {
    number: 'BW-RW12',
    title: 'Rubber Polishing Wheels, Assorted, Pack of 12',
    category: 'Burs and Wheels',
    prices: { retail: 32, wholesale: 27.6, partnerX3: 25.9 },
    description:
      'Coarse, medium and fine rubber wheels for pre-polishing alloys and acrylic. Colour-coded by grit, 22 mm diameter. Four of each grit.',
  },
  {
    number: 'BW-G12',
    title: 'Green Stone Mounted Points, Pack of 12',
    category: 'Burs and Wheels',
    prices: { retail: 21.4, wholesale: 18.45, partnerX3: null },
    description:
      'Silicon carbide mounted points in twelve shapes for finishing porcelain and trimming non-precious metal. HP shank.',
  },
  {
    number: 'BW-AG8',
    title: 'Replacement Grinding Wheel, 8-Inch, for AG Series',
    category: 'Burs and Wheels',
    prices: { retail: 68, wholesale: 58.5, partnerX3: 55 },
    description:
      'An 8 x 1 in. aluminium-oxide wheel, 60 grit, for AG-210 and AG-220 grinders. Balanced and ring-tested before packing. Rated to 4,000 RPM.',
  },

  // Brushes
  {
    number: 'BR-B2',
    title: 'Black Bristle Brush, 2-Inch',
    category: 'Brushes',
    prices: { retail: 6.25, wholesale: 5.35, partnerX3: 4.9 },
    description:
      'A stiff natural-bristle wheel for pumice polishing of acrylic dentures. 2-inch diameter, three rows, wooden hub for tapered spindles.',
  },
  {
    number: 'BR-W3',
    title: 'Wire Wheel Brush, 3-Inch',
    category: 'Brushes',
    prices: { retail: 9.8, wholesale: 8.45, partnerX3: 7.95 },
    description:
      'A crimped steel wire wheel for removing investment and oxide from castings. 3-inch diameter, 1/2 in. arbor hole. Wear eye protection when using.',
  },
  {
    number: 'BR-M10',
    title: 'Miniature Bristle Brushes, Pack of 10',
    category: 'Brushes',
    prices: { retail: 14.5, wholesale: 12.5, partnerX3: 11.6, old: 16.95 },
    description:
      'Small mounted bristle brushes for occlusal anatomy and hard-to-reach areas. HP shank, 12 mm brush head.',
  },
  {
    number: 'BR-CF4',
    title: 'Cotton Flannel Buff, 4-Inch',
    category: 'Brushes',
    prices: { retail: 7.4, wholesale: 6.35, partnerX3: 5.95 },
    description:
      'A soft, loose-sewn flannel buff for the final high shine on acrylic and precious alloys. 4-inch diameter, 30 plies.',
  },
  {
    number: 'BR-GH',
    title: 'Goat Hair Polishing Brush, Medium',
    category: 'Brushes',
    prices: { retail: 8.9, wholesale: 7.65, partnerX3: null },
    description:
      'A soft goat hair brush for polishing paste on ceramics and composites. 19 mm diameter on an HP mandrel.',
  },

  // Belts
  {
    number: 'BT-A18',
    title: 'Drive Belt, A-Section, 18-Inch',
    category: 'Belts',
    prices: { retail: 12.6, wholesale: 10.85, partnerX3: 10.2 },
    description:
      'A replacement V-belt for belt-driven lab engines and older lathes. A-section, 18 in. outside length, oil- and heat-resistant.',
  },
  {
    number: 'BT-S80',
    title: 'Sanding Belts, 1 x 30 Inch, 80 Grit, Pack of 10',
    category: 'Belts',
    prices: { retail: 26.5, wholesale: 22.8, partnerX3: 21.5, old: 29.9 },
    description:
      'Aluminium-oxide cloth belts for bench belt sanders used on models and acrylic. 1 x 30 in., 80 grit, ten belts per pack.',
  },
  {
    number: 'BT-S120',
    title: 'Sanding Belts, 1 x 30 Inch, 120 Grit, Pack of 10',
    category: 'Belts',
    prices: { retail: 26.5, wholesale: 22.8, partnerX3: 21.5 },
    description:
      'A finer grit for smoothing after the 80-grit pass. 1 x 30 in., 120 grit, ten belts per pack.',
  },
  {
    number: 'BT-RV5',
    title: 'Ribbed Drive Belt for PL Series Lathes',
    category: 'Belts',
    prices: { retail: 15.8, wholesale: 13.6, partnerX3: 12.8 },
    description:
      'The five-rib drive belt for PL-20, PL-30 and PL-50 lathes. Quiet running and no slip at full speed.',
  },

  // Replacement Parts
  {
    number: 'RP-101',
    title: 'Motor Brush Set for LM Series',
    category: 'Replacement Parts',
    prices: { retail: 18.4, wholesale: 15.85, partnerX3: 14.9 },
    description:
      'A pair of carbon brushes with springs for LM-1 and LM-3 lab motors. Replace when the brushes are worn to 1/4 in.',
  },
  {
    number: 'RP-114',
    title: 'Grinder Eye Shield, Polycarbonate',
    category: 'Replacement Parts',
    prices: { retail: 22.75, wholesale: 19.6, partnerX3: 18.4 },
    description:
      'An impact-resistant clear shield with mounting bracket for AG-series grinders. 5 x 3 in.',
  },
  {
    number: 'RP-203',
    title: 'Rubber Platform Pad for VB-12',
    category: 'Replacement Parts',
    prices: { retail: 16.9, wholesale: 14.55, partnerX3: 13.7, old: 19.5 },
    description:
      'The ribbed rubber top for the VB-12 vibrator. Press-fit, no tools needed. 9 x 7 in.',
  },
  {
    number: 'RP-240',
    title: 'Bearing Kit for Polishing Lathes',
    category: 'Replacement Parts',
    prices: { retail: 46.8, wholesale: 40.3, partnerX3: 37.9 },
    description:
      'Two sealed precision ball bearings, a wave washer and retaining rings for PL-series lathes. Includes step-by-step instructions.',
  },
  {
    number: 'RP-310',
    title: 'On/Off Rocker Switch, 15 A',
    category: 'Replacement Parts',
    prices: { retail: 9.4, wholesale: 8.1, partnerX3: 7.6 },
    description:
      'A sealed double-pole rocker switch, 15 A at 125 V, for most of our bench machines built since 1990.',
  },
  {
    number: 'RP-412',
    title: 'HEPA Filter Cartridge for DC-200',
    category: 'Replacement Parts',
    prices: { retail: 74, wholesale: 64.5, partnerX3: 61 },
    description:
      'The final-stage HEPA cartridge for the DC-200 dust collector. Replace every 12 months or when the indicator shows red.',
  },
  {
    number: 'RP-505',
    title: 'Trimmer Water Valve Assembly',
    category: 'Replacement Parts',
    prices: { retail: 38.6, wholesale: 33.25, partnerX3: null },
    description:
      'A solenoid water valve with fittings for MT-10 and MT-12 model trimmers, 115 V coil.',
  },
  {
    number: 'RP-620',
    title: 'Tapered Spindle, Right-Hand',
    category: 'Replacement Parts',
    prices: { retail: 29.9, wholesale: 25.75, partnerX3: 24.2 },
    description:
      'A hardened steel tapered spindle for the right side of a lathe, 1/2 in. bore with set screw. Holds brushes, buffs and stones with a threaded point.',
  },
  {
    number: 'RP-621',
    title: 'Tapered Spindle, Left-Hand',
    category: 'Replacement Parts',
    prices: { retail: 29.9, wholesale: 25.75, partnerX3: 24.2 },
    description:
      'The left-hand thread version of RP-620, for the left side of a lathe. 1/2 in. bore with set screw.',
  },
  {
    number: 'RP_SB12',
    title: 'Sandblaster Nozzle, Carbide, 1.2 mm',
    category: 'Replacement Parts',
    prices: { retail: 27.4, wholesale: 23.6, partnerX3: 22.1 },
    description:
      'A long-life tungsten carbide nozzle insert for SB-series sandblasters. 1.2 mm bore for 110 to 250 micron media.',
  },

  // Pin Systems
  {
    number: 'PS-1000',
    title: 'Precision Pin Drilling Unit',
    category: 'Pin Systems',
    prices: { retail: 875, wholesale: 765, partnerX3: 730, old: 945 },
    description:
      'Drills parallel pin holes from below with a laser pointer marking the spot from above. The spring-loaded table sets the depth and the carbide drill runs at 12,000 RPM. 115 V, weight 16 lb.',
  },
  {
    number: 'PS-D100',
    title: 'Dowel Pins with Sleeves, Pack of 100',
    category: 'Pin Systems',
    prices: { retail: 24.9, wholesale: 21.45, partnerX3: 20.1 },
    description:
      'Brass-plated dowel pins with plastic sleeves for removable die models. 100 pins and 100 sleeves.',
  },
  {
    number: 'PS-BD3',
    title: 'Pin Drill Bits, Pack of 3',
    category: 'Pin Systems',
    prices: { retail: 19.5, wholesale: 16.8, partnerX3: 15.8 },
    description: 'Carbide replacement drill bits for the PS-1000, 2.0 mm diameter, three per pack.',
  },
  {
    number: 'PS-BP50',
    title: 'Plastic Model Base Plates, Pack of 50',
    category: 'Pin Systems',
    prices: { retail: 31.2, wholesale: 26.9, partnerX3: null },
    description:
      'Reusable base plates for pinned models, medium arch size. Fifty plates, assorted colours.',
  },

  // Accessories
  {
    number: 'AC-SG',
    title: 'Safety Glasses, Clear Anti-Fog',
    category: 'Accessories',
    prices: { retail: 9.95, wholesale: 8.55, partnerX3: 8 },
    description:
      'Wraparound polycarbonate safety glasses with anti-fog coating and side protection. Fits over most prescription frames.',
  },
  {
    number: 'AC-TR6',
    title: 'Work Pan Trays, Set of 6',
    category: 'Accessories',
    prices: { retail: 27.8, wholesale: 23.95, partnerX3: 22.5 },
    description:
      'Stackable trays in six colours to keep each case together as it moves through the lab. 8 x 6 x 1.5 in., autoclavable.',
  },
  {
    number: 'AC-LM',
    title: 'LED Bench Lamp with Magnifier',
    category: 'Accessories',
    prices: { retail: 79, wholesale: 68, partnerX3: 64.5, old: 89 },
    description:
      'A clamp-on LED lamp with a 3-diopter glass magnifier and a spring-balanced arm. Daylight colour, 60 LEDs, 115 V adapter.',
  },
  {
    number: 'AC-AP',
    title: 'Lab Apron, Heavy Canvas',
    category: 'Accessories',
    prices: { retail: 24, wholesale: 20.7, partnerX3: 19.4 },
    description:
      'A heavy cotton canvas apron with a chest pocket and adjustable neck strap. Protects clothing from stone, pumice and investment.',
  },
  {
    number: 'AC-DM20',
    title: 'Disposable Dust Masks, Box of 20',
    category: 'Accessories',
    prices: { retail: 18.6, wholesale: 16, partnerX3: 15 },
    description:
      'Fold-flat particulate masks with an adjustable nose clip and soft head straps, for grinding and trimming work.',
  },
];

/** A packed item's weight by category, pounds, for products whose text states none. */
const CATEGORY_WEIGHT_LB: Record<string, number> = {
  'Alloy Grinders': 40,
  Vibrators: 14,
  'Polishing Lathes': 45,
  'Dust Collectors': 60,
  'Model Trimmers': 30,
  Sandblasters: 48,
  'Casting Equipment': 70,
  'Lab Motors': 12,
  Handpieces: 2,
  'Vacuum Mixers': 25,
  'Steam Cleaners': 35,
  'Burs and Wheels': 0.5,
  Brushes: 0.5,
  Belts: 0.5,
  'Replacement Parts': 1,
  'Pin Systems': 3,
  Accessories: 1,
};

/** The weight a description states ('weight 38 lb'), so the two never disagree. */
function statedWeightLb(description: string): number | null {
  const pounds = /weight (\d+(?:\.\d+)?) ?lb/.exec(description);
  return pounds ? Number(pounds[1]) : null;
}

function toSeedProduct(row: ProductRow): SeedProduct {
  return {
    number: row.number,
    title: row.title,
    description: row.description,
    category: row.category,
    newPriceCents: dollarsToCents(row.prices.retail),
    oldPriceCents: row.prices.old === undefined ? null : dollarsToCents(row.prices.old),
    wholesalePriceCents: dollarsToCents(row.prices.wholesale),
    partnerPriceX3Cents:
      row.prices.partnerX3 === null ? null : dollarsToCents(row.prices.partnerX3),
    shippingWeightLb: statedWeightLb(row.description) ?? CATEGORY_WEIGHT_LB[row.category] ?? 1,
    hasBrochure: row.brochure === true,
  };
}

export const seedProducts: SeedProduct[] = productRows.map(toSeedProduct);
