import { COOKIES, PAYMENT, type TextPageName } from '@labshop/shared/constants';
import { formatCents } from '@labshop/shared/money';

/**
 * Demo content for the storefront and the back office. People, labs and addresses are invented;
 * e-mail addresses and websites use the reserved example domains.
 */

export interface SeedTestimonial {
  name: string;
  position: string;
  text: string;
}

export interface SeedGalleryItem {
  title: string;
  description: string;
}

export interface SeedNotification {
  title: string;
  body: string;
  /** How long before the seed run the notification is dated, so the demo always looks recent. */
  ageDays: number;
}

export interface SeedCoupon {
  code: string;
  percent: number;
}

export interface SeedCustomer {
  number: string;
  displayName: string;
  type: 'Company' | 'Person';
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  phoneNumber: string;
  email: string;
  website: string;
  /** Paying on account (issue 37): the ERP's terms and credit limit, when the lab has them. */
  paymentTermsCode?: string;
  paymentTermsDays?: number;
  creditLimitCents?: number;
}

export interface SeedSubscriber {
  displayName: string;
  email: string;
  subscribed: boolean;
}

export const COMPANY = {
  name: 'labshop',
  founded: 1944,
  city: 'Toledo, Ohio',
} as const;

export const seedContactData = {
  address: '1250 Industrial Pkwy, Toledo, OH 43612',
  phone: '+1 (419) 555-0142',
  email: 'sales@labshop.example',
  // Toledo, Ohio: the city the invented street sits in.
  latitude: 41.6528,
  longitude: -83.5379,
} as const;

export const seedTestimonials: SeedTestimonial[] = [
  {
    name: 'Maria Delgado',
    position: 'Owner, Brightline Dental Lab',
    text: 'We bought our first labshop grinder in 1998 and it still runs every day. When we expanded to twelve benches there was no question which brand we would choose again.',
  },
  {
    name: 'James Whitfield',
    position: 'Production Manager, Stonebridge Prosthetics',
    text: 'The twin-port dust collector cut the dust in our metal room to almost nothing. Installation took an afternoon and the filters are easy to change.',
  },
  {
    name: 'Aisha Rahman',
    position: 'CDT, Lakeshore Ceramics Studio',
    text: 'The variable-speed lathe with the foot control changed how I finish zirconia. It holds its speed under pressure and it is quiet enough to talk over.',
  },
  {
    name: 'Tom Brennan',
    position: 'Lab Director, Northgate Dental Arts',
    text: 'Replacement parts arrive in two days, every time. A spindle or a switch is never the reason a machine stands still in our lab.',
  },
  {
    name: 'Linh Tran',
    position: 'Co-founder, Pacific Crest Dental Lab',
    text: 'Their support team walked me through a bearing change on the phone in fifteen minutes. You do not get that kind of help from a catalogue company.',
  },
  {
    name: 'Robert Okafor',
    position: 'Owner, Red Mesa Denture Center',
    text: 'The model trimmer is a workhorse. Heavy, stable and the water valve only runs when the wheel does, which our water bill appreciates.',
  },
  {
    name: 'Sarah Lindqvist',
    position: 'Instructor, Dental Technology Program',
    text: 'Our students learn on labshop vibrators and lathes because they survive a semester of beginners. Fifteen years in, we have replaced only belts and pads.',
  },
  {
    name: 'Carlos Medina',
    position: 'Technician, Sunridge Orthodontic Lab',
    text: 'The dual-tank sandblaster is simple to use and the window stays clear. Switching between media takes a turn of a knob instead of emptying a tank.',
  },
  {
    name: 'Hannah Brooks',
    position: 'Office Manager, Evergreen Dental Studio',
    text: 'Ordering online with our partner prices is fast, and the invoices go straight into our books. The quantity pricing on consumables adds up over a year.',
  },
  {
    name: 'David Kim',
    position: 'Owner, Riverbend Implant Lab',
    text: 'We run the vacuum mixer all day for investment. Consistent, bubble-free mixes, and the programs mean every technician gets the same result.',
  },
];

export const seedGalleryItems: SeedGalleryItem[] = [
  {
    title: 'Assembly Floor',
    description:
      'Every grinder, lathe and trimmer is assembled by hand on our floor in Toledo, where the same team checks each machine from the first bolt to the final run test.',
  },
  {
    title: 'Motor Testing',
    description: 'Each motor runs for a full hour under load before it is mounted.',
  },
  {
    title: 'Polishing Station Setup',
    description:
      'A PL-50 polishing station configured for a denture department, with suction connected to a central collector and LED lighting set for colour matching.',
  },
  {
    title: 'Casting Room',
    description: 'A customer casting room with a burnout furnace and a centrifugal caster.',
  },
  {
    title: 'Wheel Balancing',
    description:
      'Grinding wheels are balanced and ring-tested before they leave the plant, because an out-of-balance wheel wears bearings and makes fine work impossible.',
  },
  {
    title: 'Model Room',
    description: 'Trimmers and vibrators side by side in a busy model room.',
  },
  {
    title: 'Service Bench',
    description:
      'Our service bench rebuilds machines that are decades old: new bearings, new switches and a fresh coat of paint, then the same tests as a new machine.',
  },
  {
    title: 'Dust Control',
    description: 'A four-station central dust collector installed under a lab counter.',
  },
  {
    title: 'Training Day',
    description:
      'Technicians from partner labs visit for hands-on training on maintenance, safe grinding practice and getting the longest life out of wheels, brushes and belts.',
  },
  {
    title: 'Parts Warehouse',
    description: 'Thousands of replacement parts on the shelf, ready to ship the same day.',
  },
  {
    title: 'Trade Show Booth',
    description:
      'Our booth at a regional dental technology meeting, where visitors could try the new variable-speed lathe and compare wheels on the grinders.',
  },
  {
    title: 'Shipping Dock',
    description: 'Machines crated and ready for delivery across the country and abroad.',
  },
  {
    title: 'Heritage Corner',
    description:
      'A grinder from the 1950s that a customer sent back for restoration. It now stands in our lobby next to its modern successor, still running.',
  },
];

export const seedNotifications: SeedNotification[] = [
  {
    title: 'New variable-speed lathe',
    body: 'The PL-30 polishing lathe with foot control is now in stock. Partners see their price after signing in.',
    ageDays: 2,
  },
  {
    title: 'Holiday shipping schedule',
    body: 'Orders placed by noon Eastern time ship the same day. Our plant is closed on federal holidays.',
    ageDays: 9,
  },
  {
    title: 'Coupon for first orders',
    body: 'New customers save 2 percent on their first order with the code WELCOME2 at checkout.',
    ageDays: 16,
  },
  {
    title: 'Filter cartridges restocked',
    body: 'HEPA cartridges for the DC-200 dust collector are back in stock and ship within one business day.',
    ageDays: 24,
  },
  {
    title: 'Service and repair',
    body: 'Send us any labshop machine for a rebuild: we quote before we start work and return it tested.',
    ageDays: 37,
  },
];

export const seedCoupons: SeedCoupon[] = [
  { code: 'WELCOME2', percent: 2 },
  { code: 'Black10', percent: 10 },
];

/** All in the United States; the country is added below. */
const customerRows: Omit<SeedCustomer, 'country'>[] = [
  {
    number: 'C10001',
    displayName: 'Brightline Dental Lab',
    type: 'Company',
    addressLine1: '418 Maple Ave',
    addressLine2: 'Suite 200',
    city: 'Columbus',
    state: 'OH',
    postalCode: '43215',
    phoneNumber: '+1 (614) 555-0101',
    email: 'orders.brightline@example.com',
    website: 'https://brightline.example.com',
  },
  {
    number: 'C10002',
    displayName: 'Stonebridge Prosthetics LLC',
    type: 'Company',
    addressLine1: '77 Market St',
    addressLine2: '',
    city: 'Harrisburg',
    state: 'PA',
    postalCode: '17101',
    phoneNumber: '+1 (717) 555-0102',
    email: 'purchasing.stonebridge@example.com',
    website: 'https://stonebridge-prosthetics.example.com',
  },
  {
    number: 'C10003',
    displayName: 'Lakeshore Ceramics Studio',
    type: 'Company',
    addressLine1: '2900 N Lake Shore Dr',
    addressLine2: 'Unit 4',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60657',
    phoneNumber: '+1 (312) 555-0103',
    email: 'studio.lakeshore@example.com',
    website: 'https://lakeshore-ceramics.example.com',
  },
  {
    number: 'C10004',
    displayName: 'Northgate Dental Arts',
    type: 'Company',
    addressLine1: '1510 Northgate Way',
    addressLine2: '',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98133',
    phoneNumber: '+1 (206) 555-0104',
    email: 'lab.northgate@example.com',
    website: 'https://northgate-dental.example.com',
  },
  {
    number: 'C10005',
    displayName: 'Pacific Crest Dental Lab',
    type: 'Company',
    addressLine1: '845 Harbor Blvd',
    addressLine2: 'Building B',
    city: 'San Diego',
    state: 'CA',
    postalCode: '92101',
    phoneNumber: '+1 (619) 555-0105',
    email: 'info.pacificcrest@example.com',
    website: 'https://pacificcrest.example.com',
  },
  {
    number: 'C10006',
    displayName: 'Red Mesa Denture Center',
    type: 'Company',
    addressLine1: '330 Camino Real',
    addressLine2: '',
    city: 'Albuquerque',
    state: 'NM',
    postalCode: '87102',
    phoneNumber: '+1 (505) 555-0106',
    email: 'office.redmesa@example.com',
    website: 'https://redmesa.example.com',
  },
  {
    number: 'C10007',
    displayName: 'Sunridge Orthodontic Lab',
    type: 'Company',
    addressLine1: '6020 Peachtree Industrial Blvd',
    addressLine2: 'Suite 110',
    city: 'Atlanta',
    state: 'GA',
    postalCode: '30360',
    phoneNumber: '+1 (404) 555-0107',
    email: 'ortho.sunridge@example.com',
    website: 'https://sunridge-ortho.example.com',
  },
  {
    number: 'C10008',
    displayName: 'Evergreen Dental Studio',
    type: 'Company',
    addressLine1: '12 Pine Ridge Rd',
    addressLine2: '',
    city: 'Portland',
    state: 'OR',
    postalCode: '97205',
    phoneNumber: '+1 (503) 555-0108',
    email: 'accounts.evergreen@example.com',
    website: 'https://evergreen-studio.example.com',
  },
  {
    number: 'C10009',
    displayName: 'Riverbend Implant Lab',
    type: 'Company',
    addressLine1: '900 River Rd',
    addressLine2: 'Floor 2',
    city: 'Nashville',
    state: 'TN',
    postalCode: '37201',
    phoneNumber: '+1 (615) 555-0109',
    email: 'implants.riverbend@example.com',
    website: 'https://riverbend-implant.example.com',
  },
  {
    number: 'C10010',
    displayName: 'Lone Star Dental Ceramics',
    type: 'Company',
    addressLine1: '4410 Commerce St',
    addressLine2: '',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75226',
    phoneNumber: '+1 (214) 555-0110',
    email: 'sales.lonestar@example.com',
    website: 'https://lonestar-ceramics.example.com',
  },
  {
    number: 'C10011',
    displayName: 'Granite State Denture Lab',
    type: 'Company',
    addressLine1: '55 Elm St',
    addressLine2: '',
    city: 'Manchester',
    state: 'NH',
    postalCode: '03101',
    phoneNumber: '+1 (603) 555-0111',
    email: 'lab.granitestate@example.com',
    website: 'https://granitestate.example.com',
  },
  {
    number: 'C10012',
    displayName: 'Angela Moretti',
    type: 'Person',
    addressLine1: '210 W 3rd St',
    addressLine2: 'Apt 5C',
    city: 'Denver',
    state: 'CO',
    postalCode: '80223',
    phoneNumber: '+1 (303) 555-0112',
    email: 'angela.moretti@example.com',
    website: '',
  },
  {
    number: 'C10013',
    displayName: 'Marcus Bell',
    type: 'Person',
    addressLine1: '78 Ocean Dr',
    addressLine2: '',
    city: 'Miami',
    state: 'FL',
    postalCode: '33139',
    phoneNumber: '+1 (305) 555-0113',
    email: 'marcus.bell@example.com',
    website: '',
  },
  {
    number: 'C10014',
    displayName: 'Bluegrass Dental Technology',
    type: 'Company',
    addressLine1: '1801 Versailles Rd',
    addressLine2: '',
    city: 'Lexington',
    state: 'KY',
    postalCode: '40504',
    phoneNumber: '+1 (859) 555-0114',
    email: 'orders.bluegrass@example.com',
    website: 'https://bluegrass-dentaltech.example.com',
  },
  {
    number: 'C10015',
    displayName: 'Priya Natarajan',
    type: 'Person',
    addressLine1: '3400 University Ave',
    addressLine2: 'Unit 12',
    city: 'Madison',
    state: 'WI',
    postalCode: '53705',
    phoneNumber: '+1 (608) 555-0115',
    email: 'priya.natarajan@example.com',
    website: '',
  },
  {
    number: 'C10016',
    displayName: 'Desert Sun Dental Lab',
    type: 'Company',
    addressLine1: '2250 E Camelback Rd',
    addressLine2: '',
    city: 'Phoenix',
    state: 'AZ',
    postalCode: '85016',
    phoneNumber: '+1 (602) 555-0116',
    email: 'desertsun.lab@example.com',
    website: 'https://desertsun.example.com',
  },
  // The two demo partner labs of the embedded sign-in: their account pages show their lab.
  {
    number: 'C10017',
    displayName: 'Bright Smile Dental Lab',
    type: 'Company',
    addressLine1: '77 Harbor View Dr',
    addressLine2: '',
    city: 'Baltimore',
    state: 'MD',
    postalCode: '21230',
    phoneNumber: '+1 (410) 555-0117',
    email: 'orders@brightsmile-lab.example',
    website: '',
    // Pays on account (issue 37): net 30 days, up to $25,000 open.
    paymentTermsCode: 'NET30',
    paymentTermsDays: 30,
    creditLimitCents: 2_500_000,
  },
  {
    number: 'C10018',
    displayName: 'Northside Dental Studio',
    type: 'Company',
    addressLine1: '1200 N Lake Shore Dr',
    addressLine2: 'Floor 3',
    city: 'Chicago',
    state: 'IL',
    postalCode: '60610',
    phoneNumber: '+1 (312) 555-0118',
    email: 'purchasing@northside-dental.example',
    website: '',
  },
];

export const seedCustomers: SeedCustomer[] = customerRows.map((row) => ({ ...row, country: 'US' }));

const subscriberNames = [
  'Olivia Carter',
  'Ethan Brooks',
  'Sofia Ramirez',
  'Noah Patel',
  'Emma Schultz',
  "Liam O'Connor",
  'Ava Nguyen',
  'Mason Reed',
  'Isabella Rossi',
  'Lucas Fischer',
  'Mia Thompson',
  'Henry Walsh',
  'Chloe Bennett',
  'Jack Morales',
  'Grace Kowalski',
  'Owen Fitzgerald',
  'Lily Chen',
  'Samuel Ortiz',
  'Zoe Hamilton',
  'Daniel Weber',
  'Nora Sullivan',
  'Caleb Foster',
  'Ella Jensen',
  'Ryan Castillo',
  'Hazel Murphy',
  'Isaac Duarte',
  'Violet Hughes',
  'Adam Novak',
  'Ruby Alvarez',
  'Leo Park',
  'Stella Grant',
  'Miles Dubois',
];

const subscriberDomains = ['example.com', 'example.org', 'example.net'];

function emailLocalPart(displayName: string): string {
  return displayName.toLowerCase().replace(/'/g, '').replace(/\s+/g, '.');
}

/**
 * Enough for four pages of the admin list at its default 10; every fifth has unsubscribed, so
 * the list shows both states.
 */
export const seedSubscribers: SeedSubscriber[] = subscriberNames.map((displayName, index) => ({
  displayName,
  email: `${emailLocalPart(displayName)}@${subscriberDomains[index % subscriberDomains.length]}`,
  subscribed: index % 5 !== 3,
}));

const aboutPage = `
<h2>Over 80 years of dental laboratory equipment</h2>
<p>labshop was founded in ${COMPANY.founded} in ${COMPANY.city}, as a small machine shop building grinders for the dental laboratories of the Midwest. Over 80 years later we are still a family-run manufacturer, and every machine we sell is designed, built and tested in the USA.</p>
<p>Our range covers the whole laboratory: alloy grinders, model vibrators, polishing lathes, dust collectors, model trimmers, sandblasters, casting equipment and the parts, belts, brushes and wheels that keep them running.</p>
<h3>What we stand for</h3>
<ul>
  <li><strong>Machines that last.</strong> Cast bases, sealed bearings and motors rated for continuous duty. Many of our grinders from the 1960s are still at work.</li>
  <li><strong>Parts for everything we have built.</strong> We keep replacement parts for current models and most discontinued ones.</li>
  <li><strong>People who answer the phone.</strong> Our support team knows the machines because they build them.</li>
</ul>
<h3>Made in the USA</h3>
<p>Motors, castings and sheet metal come from American suppliers, and final assembly happens on our own floor. Each machine runs a full test cycle and carries the name of the technician who checked it.</p>
<p>Visit us in Toledo, call <a href="tel:+14195550142">+1 (419) 555-0142</a>, or write to <a href="mailto:sales@labshop.example">sales@labshop.example</a>.</p>
`;

const privacyPage = `
<h2>Privacy Policy</h2>
<p>This policy explains which personal information labshop collects when you use this website, why we collect it and what choices you have. It applies to the online shop and to messages you send us.</p>
<h3>Information we collect</h3>
<ul>
  <li><strong>Order information:</strong> your name, e-mail address, phone number, billing and shipping address, and the products you order.</li>
  <li><strong>Account information:</strong> when you sign in, the name and e-mail address your sign-in provider shares with us.</li>
  <li><strong>Messages:</strong> what you write in the contact form, together with your contact details.</li>
  <li><strong>Technical information:</strong> the cookies described in our Cookies Policy and standard server logs.</li>
</ul>
<h3>Card payments</h3>
<p>Card numbers are entered in a payment field provided by our payment processor and never reach our servers. We keep only the processor's reference for each payment.</p>
<h3>How we use your information</h3>
<ul>
  <li>To process, ship and invoice your orders.</li>
  <li>To answer your questions and provide technical support.</li>
  <li>To send our newsletter, only if you subscribed. Every newsletter contains a link to unsubscribe.</li>
  <li>To detect and prevent fraud.</li>
</ul>
<h3>Sharing</h3>
<p>We do not sell personal information. We share it only with the companies that help us run the shop: the payment processor, shipping carriers and our accounting system.</p>
<h3>Your choices</h3>
<p>You may ask for a copy of your information, ask us to correct it, or ask us to delete it where we are not required to keep it for tax and accounting purposes. Write to <a href="mailto:sales@labshop.example">sales@labshop.example</a>.</p>
`;

const termsOfUsePage = `
<h2>Terms of Use</h2>
<p>By using this website you agree to these terms. If you do not agree, please do not use the site.</p>
<h3>Use of the site</h3>
<ul>
  <li>You may browse the catalogue, place orders and contact us for your own business or personal purposes.</li>
  <li>You may not attempt to interfere with the site, access accounts that are not yours, or collect data from the site by automated means.</li>
</ul>
<h3>Content</h3>
<p>Text, photographs, drawings and brochures on this site belong to labshop. You may download brochures and print pages for your own use when choosing or maintaining our equipment.</p>
<h3>Product information</h3>
<p>We take care that specifications and prices are accurate. Dimensions and weights are approximate, and we may improve a design without notice. If a price is shown in error we will contact you before shipping.</p>
<h3>Liability</h3>
<p>The site is provided as is. To the extent permitted by law, labshop is not liable for indirect damages arising from the use of the site.</p>
<h3>Changes</h3>
<p>We may update these terms from time to time. The version published here applies.</p>
`;

const cookiesPage = `
<h2>Cookies Policy</h2>
<p>Cookies are small text files that a website stores in your browser. We use as few as possible, and none of them are used for advertising.</p>
<h3>Cookies we use</h3>
<ul>
  <li><strong>${COOKIES.cart}</strong> remembers the products in your cart for 30 days.</li>
  <li><strong>${COOKIES.notificationsRead}</strong> remembers which notifications you have already seen.</li>
  <li><strong>${COOKIES.addToCartNotice}</strong> remembers that you chose not to see the add-to-cart message again.</li>
  <li><strong>${COOKIES.session}</strong> (on our secure site <strong>__Host-${COOKIES.session}</strong>) keeps you signed in. It is removed when you sign out.</li>
  <li><strong>${COOKIES.loginTransaction}</strong> protects the sign-in process and expires after one day.</li>
  <li><strong>${COOKIES.checkout}</strong> makes sure that two open checkout tabs pay for your cart only once. It holds a random number and nothing about you.</li>
</ul>
<h3>Local storage</h3>
<p>When you accept the cookie banner we store that choice in your browser, so the banner does not appear again.</p>
<h3>Managing cookies</h3>
<p>You can delete cookies in your browser settings at any time. Without cookies the cart and sign-in will not work.</p>
`;

const termsOfPurchasePage = `
<h2>Terms of Purchase</h2>
<p>These terms apply to every order placed in the labshop online shop.</p>
<h3>Prices</h3>
<ul>
  <li>Prices are in US dollars and exclude shipping unless stated otherwise.</li>
  <li>Visitors see retail prices. Signed-in partners see their wholesale prices, and a lower partner price applies to lines of ${PAYMENT.partnerPriceMinQuantity} or more of the same product where one is shown.</li>
  <li>One coupon code may be used per order. The discount applies to the order total before shipping.</li>
  <li>The minimum card payment is ${formatCents(PAYMENT.minimumCents)}.</li>
</ul>
<h3>Payment</h3>
<p>We accept major credit and debit cards. Your card is charged when you place the order.</p>
<h3>Shipping</h3>
<p>Orders received by noon Eastern time on a business day usually ship the same day. Machines ship by freight or parcel service depending on weight; parts ship by parcel service.</p>
<h3>Returns</h3>
<ul>
  <li>Unused products in their original packaging may be returned within 30 days for a refund of the product price.</li>
  <li>Consumables that have been opened, such as brushes, discs and belts, cannot be returned.</li>
  <li>Please contact us for a return authorisation before sending anything back.</li>
</ul>
<h3>Warranty</h3>
<p>Our machines carry a two-year warranty against defects in materials and workmanship. Wear parts such as wheels, belts, brushes and filters are not covered.</p>
`;

const faqPage = `
<h2>Frequently Asked Questions</h2>
<h3>Where are your machines made?</h3>
<p>Our machines are designed, assembled and tested in Toledo, Ohio. Product pages say so where an item is sourced elsewhere.</p>
<h3>How do I get partner prices?</h3>
<p>Dental laboratories and dealers can apply for a partner account. Once approved, sign in and the shop shows your wholesale prices.</p>
<h3>What voltage do the machines use?</h3>
<p>Most bench machines run on 115 V, 60 Hz. Several models are available for 230 V; the product description lists the options.</p>
<h3>Which wheel fits my grinder?</h3>
<p>AG-210 and AG-220 grinders take 8-inch wheels with a 1/2 in. arbor. If you are unsure, send us the serial number and we will tell you.</p>
<h3>Do you still have parts for older machines?</h3>
<p>Usually yes. We keep parts for machines going back several decades. Call support with the model and serial number.</p>
<h3>How long does shipping take?</h3>
<p>Parts usually arrive in two to four business days within the continental US. Freight deliveries of larger machines take three to seven business days.</p>
<h3>Can I use a coupon with partner prices?</h3>
<p>Yes, one coupon per order applies on top of the prices shown to you.</p>
`;

const partnersPage = `
<h2>Partners</h2>
<p>We work with dental laboratories, schools and dealers across the United States and abroad. Partners buy at wholesale prices and receive priority support.</p>
<h3>Partner benefits</h3>
<ul>
  <li>Wholesale prices on all machines, parts and consumables.</li>
  <li>Quantity pricing on lines of ${PAYMENT.partnerPriceMinQuantity} or more.</li>
  <li>Priority technical support and loaner machines during repairs, where available.</li>
  <li>Early information on new products.</li>
</ul>
<h3>Who can become a partner?</h3>
<p>Commercial dental laboratories, dental technology schools, and dealers who sell to them.</p>
<h3>How to apply</h3>
<ol>
  <li>Send us your company name, address and a short description of your business.</li>
  <li>Our sales team reviews the application within two business days.</li>
  <li>Once approved, sign in to the shop and your partner prices appear automatically.</li>
</ol>
<p>Write to <a href="mailto:sales@labshop.example">sales@labshop.example</a> or call <a href="tel:+14195550142">+1 (419) 555-0142</a>.</p>
`;

const supportPage = `
<h2>Support</h2>
<p>Our support team helps with setup, maintenance, troubleshooting and repairs for every labshop machine, new or old.</p>
<h3>Before you call</h3>
<ul>
  <li>Find the model and serial number on the plate at the back or underside of the machine.</li>
  <li>Note what the machine does, or does not do, and when the problem started.</li>
</ul>
<h3>Common fixes</h3>
<ul>
  <li><strong>Grinder vibrates:</strong> dress the wheel, and check that the flanges are clean and the nut is tight.</li>
  <li><strong>Lathe runs hot:</strong> check the belt tension and the bearings; a bearing kit is available.</li>
  <li><strong>Dust collector loses suction:</strong> clean the pre-filter and check the cartridge indicator.</li>
  <li><strong>Trimmer leaks:</strong> replace the water valve assembly and check the hose clamps.</li>
</ul>
<h3>Repairs</h3>
<p>Send the machine to our service department with a note of the problem. We quote before starting any work and return the machine tested, usually within ten business days.</p>
<h3>Contact</h3>
<p>Monday to Friday, 8 am to 5 pm Eastern time: <a href="tel:+14195550142">+1 (419) 555-0142</a> or <a href="mailto:sales@labshop.example">sales@labshop.example</a>.</p>
`;

export const seedTextPages: Record<TextPageName, string> = {
  About: aboutPage.trim(),
  'Privacy Policy': privacyPage.trim(),
  'Terms of Use': termsOfUsePage.trim(),
  'Cookies Policy': cookiesPage.trim(),
  'Terms of Purchase': termsOfPurchasePage.trim(),
  faq: faqPage.trim(),
  Partners: partnersPage.trim(),
  Support: supportPage.trim(),
};
