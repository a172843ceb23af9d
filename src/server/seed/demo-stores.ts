/**
 * The three demo stores: who they are, their look, and their sign-in credentials (also in the README). The third is a
 * supplier (a León manufacturer) whose products the other two sell as listings (decision 134).
 */
import type { StoreSettings } from '../modules/stores/index.js';
import type { PickupSettingsInput } from '../../shared/contracts/pickups.js';

export interface DemoStore {
  slug: string;
  name: string;
  lang: 'es' | 'en';
  hostname: string;
  catalog: 'luma' | 'vendure' | 'bajio';
  ownerEmail: string;
  ownerName: string;
  settings: StoreSettings;
  colors: { from: string; to: string };
  banners: { codigo: string; title: string; buttonTitle: string; buttonUrl: string }[];
  /** A complete company profile (decision 115), so the demo seller may create products and /somos has content. */
  company: {
    name: string;
    /** Decision 115's business types; the demo stores are retailers unless stated. */
    businessType?: 'retailer' | 'manufacturer';
    mainIndustry: string;
    advantages: string;
    introduction: string;
    contact: { name: string; phone: string; position: string };
  };
  /**
   * The supplier's products this store sells as listings (decision 134), in one of its departments; a store in
   * English gives each its English title (the listing's own title; the description is the supplier's English original).
   */
  listings?: {
    codes: string[];
    department: { slug: string; name: string };
    category: { slug: string; name: string };
    englishTitles?: Record<string, string>;
  };
  /** A supplier: its pickup location (where its packages ship from) and its offers' lead time in days. */
  supplier?: { pickup: PickupSettingsInput; leadTimeDays: [number, number] };
}

export const DEMO_PASSWORD = 'Vitrina2026!';
export const DEMO_BUYER = {
  email: 'comprador@vitrina.mx',
  password: 'Comprador2026!',
  fullName: 'María Fernanda López',
  phone: '+52 55 1234 5678',
};

export const DEMO_STORES: DemoStore[] = [
  {
    slug: 'demo',
    name: 'Vitrina Deportes',
    lang: 'es',
    hostname: 'demo.localhost',
    catalog: 'luma',
    ownerEmail: 'vendedor@demo.vitrina.mx',
    ownerName: 'Carlos Hernández',
    company: {
      name: 'Vitrina Deportes S.A. de C.V.',
      mainIndustry: 'Ropa y equipo deportivo',
      advantages:
        'Surtimos ropa y equipo deportivo de marcas reconocidas, con envío a todo México y pago con tarjeta o en OXXO.',
      introduction:
        'Somos una tienda mexicana de ropa y equipo deportivo fundada en la Ciudad de México. Elegimos cada prenda por su calidad y atendemos a clientes de todo el país.',
      contact: { name: 'Carlos Hernández', phone: '+52 55 5555 0101', position: 'Director comercial' },
    },
    listings: {
      codes: [
        'BJ-137',
        'BJ-138',
        'BJ-139',
        'BJ-140',
        'BJ-141',
        'BJ-146',
        'BJ-147',
        'BJ-148',
        'BJ-150',
        'BJ-151',
        'BJ-152',
        'BJ-153',
      ],
      department: { slug: 'equipo', name: 'Equipo' },
      category: { slug: 'balones-y-equipo', name: 'Balones y equipo' },
    },
    colors: { from: '#0b4f8a', to: '#1f8a70' },
    settings: {
      supportPhone: '+52 55 5555 0101',
      supportEmail: 'hola@demo.vitrina.mx',
      menuName: 'Departamentos',
      aboutUs:
        'Vitrina Deportes es una tienda mexicana de ropa y equipo deportivo. Enviamos a todo México y puedes pagar con tarjeta o en efectivo en OXXO.',
      colors: {
        navbar: '#0b4f8a',
        navbarText: '#ffffff',
        primary: '#0b5fa5',
        secondary: '#1f8a70',
        info: '#334155',
        highlight: '#d9480f',
        footerBg: '#0f172a',
        footerText: '#e2e8f0',
      },
      social: {
        facebook: 'https://www.facebook.com/vitrina',
        instagram: 'https://www.instagram.com/vitrina',
        youtube: 'https://www.youtube.com/@vitrina',
      },
    },
    banners: [
      {
        codigo: 'MJ01',
        title: 'Nueva temporada: chamarras para todo clima',
        buttonTitle: 'Ver chamarras',
        buttonUrl: '/search?departamento=hombre&categoria=chamarras',
      },
      {
        codigo: 'WS03',
        title: 'Playeras para entrenar desde $329',
        buttonTitle: 'Comprar playeras',
        buttonUrl: '/search?departamento=mujer&categoria=playeras',
      },
      {
        codigo: '24-MB01',
        title: 'Mochilas y bolsas para tu día a día',
        buttonTitle: 'Ver equipo',
        buttonUrl: '/search?departamento=equipo',
      },
    ],
  },
  {
    slug: 'hogar',
    name: 'Casa & Tech',
    lang: 'en',
    hostname: 'hogar.localhost',
    catalog: 'vendure',
    ownerEmail: 'vendedor@hogar.vitrina.mx',
    ownerName: 'Ana Gutiérrez',
    company: {
      name: 'Casa & Tech S.A. de C.V.',
      mainIndustry: 'Home and technology',
      advantages:
        'We source home goods and electronics from trusted brands, ship across Mexico and accept cards and OXXO cash.',
      introduction:
        'Casa & Tech is a Guadalajara store for the home and the desk: furniture, kitchen, audio and computing. We test what we sell and answer every question within a day.',
      contact: { name: 'Ana Gutiérrez', phone: '+52 33 5555 0202', position: 'Owner' },
    },
    listings: {
      codes: ['BJ-052', 'BJ-053', 'BJ-061', 'BJ-064', 'BJ-068', 'BJ-071', 'BJ-073', 'BJ-076'],
      department: { slug: 'home-garden', name: 'Home & Garden' },
      category: { slug: 'kitchen', name: 'Kitchen' },
      englishTitles: {
        'BJ-052': 'Carbon Steel Wok',
        'BJ-053': 'Chopping Board',
        'BJ-061': 'Hand Blender',
        'BJ-064': 'Knife',
        'BJ-068': 'Pan',
        'BJ-071': 'Silver Pot With Glass Cap',
        'BJ-073': 'Spice Rack',
        'BJ-076': 'Wooden Rolling Pin',
      },
    },
    colors: { from: '#4c1d95', to: '#be185d' },
    settings: {
      supportPhone: '+52 33 5555 0202',
      supportEmail: 'hello@hogar.vitrina.mx',
      menuName: 'Departments',
      aboutUs: 'Casa & Tech sells electronics, furniture, plants and outdoor gear, shipped across Mexico.',
      colors: {
        navbar: '#3b0764',
        navbarText: '#ffffff',
        primary: '#6d28d9',
        secondary: '#be185d',
        info: '#334155',
        highlight: '#be185d',
        footerBg: '#1e1b4b',
        footerText: '#e0e7ff',
      },
      social: { instagram: 'https://www.instagram.com/casaytech' },
    },
    banners: [
      {
        codigo: 'laptop',
        title: 'Laptops for work and play',
        buttonTitle: 'Shop computers',
        buttonUrl: '/search?departamento=electronics',
      },
      {
        codigo: 'spiky-cactus',
        title: 'Bring nature home',
        buttonTitle: 'Shop plants',
        buttonUrl: '/search?departamento=home-garden&categoria=plants',
      },
      {
        codigo: 'ultraboost-running-shoe',
        title: 'Gear up for the outdoors',
        buttonTitle: 'Shop sports',
        buttonUrl: '/search?departamento=sports-outdoor',
      },
    ],
  },
  {
    slug: 'bajio',
    name: 'Bajío Mayoreo',
    lang: 'es',
    hostname: 'bajio.localhost',
    catalog: 'bajio',
    ownerEmail: 'vendedor@bajio.vitrina.mx',
    ownerName: 'Javier Ramírez',
    company: {
      name: 'Manufacturas Bajío Mayoreo S.A. de C.V.',
      businessType: 'manufacturer',
      mainIndustry: 'Hogar, cocina, deportes, calzado y accesorios',
      advantages:
        'Fabricamos en León, Guanajuato, y surtimos a tiendas de todo México: precio de mayoreo, envío desde nuestra planta en 1 a 3 días y tus clientes reciben el paquete sin que tengas inventario.',
      introduction:
        'Manufacturas Bajío Mayoreo es un fabricante de León, Guanajuato, con talleres de piel, textil y artículos para el hogar. Vendemos a revendedores por el catálogo de Vitrina y al público en nuestra tienda.',
      contact: { name: 'Javier Ramírez', phone: '+52 477 555 0303', position: 'Gerente de ventas a mayoreo' },
    },
    supplier: {
      leadTimeDays: [1, 3],
      pickup: {
        pickupType: 'regular',
        days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        hour: '12:00',
        location: {
          contact: {
            personName: 'Javier Ramírez',
            companyName: 'Manufacturas Bajío Mayoreo',
            phoneNumber: '477 555 0303',
          },
          address: {
            streetLines: ['Blvd. Adolfo López Mateos 1510', 'Centro'],
            city: 'León',
            postalCode: '37000',
            countryCode: 'MX',
          },
        },
      },
    },
    colors: { from: '#92400e', to: '#1d4ed8' },
    settings: {
      supportPhone: '+52 477 555 0303',
      supportEmail: 'ventas@bajio.vitrina.mx',
      menuName: 'Departamentos',
      aboutUs:
        'Bajío Mayoreo fabrica en León, Guanajuato, artículos de cocina, hogar, deportes, calzado y accesorios. Vende al público y surte a tiendas de todo México.',
      colors: {
        navbar: '#78350f',
        navbarText: '#ffffff',
        primary: '#92400e',
        secondary: '#1d4ed8',
        info: '#334155',
        highlight: '#b45309',
        footerBg: '#1c1917',
        footerText: '#f5f5f4',
      },
      social: { facebook: 'https://www.facebook.com/bajiomayoreo' },
    },
    banners: [
      {
        codigo: 'BJ-068',
        title: 'Cocina de fábrica: sartenes, ollas y utensilios',
        buttonTitle: 'Ver cocina',
        buttonUrl: '/search?departamento=hogar&categoria=cocina',
      },
      {
        codigo: 'BJ-147',
        title: 'Balones y equipo para tu equipo',
        buttonTitle: 'Ver deportes',
        buttonUrl: '/search?departamento=deportes',
      },
      {
        codigo: 'BJ-173',
        title: 'Calzado y piel hechos en León',
        buttonTitle: 'Ver calzado y piel',
        buttonUrl: '/search?departamento=calzado-y-piel',
      },
    ],
  },
];
