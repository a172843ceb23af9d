/** The two demo stores: who they are, their look, and their sign-in credentials (also in the README). */
import type { StoreSettings } from '../modules/stores/index.js';

export interface DemoStore {
  slug: string;
  name: string;
  lang: 'es' | 'en';
  hostname: string;
  catalog: 'luma' | 'vendure';
  ownerEmail: string;
  ownerName: string;
  settings: StoreSettings;
  colors: { from: string; to: string };
  banners: { codigo: string; title: string; buttonTitle: string; buttonUrl: string }[];
  /** A complete company profile (decision 115), so the demo seller may create products and /somos has content. */
  company: {
    name: string;
    mainIndustry: string;
    advantages: string;
    introduction: string;
    contact: { name: string; phone: string; position: string };
  };
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
];
