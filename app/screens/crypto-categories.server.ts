import type { Language } from "~/i18n/languages";

/**
 * CoinGecko's category names (English only upstream) in Portuguese and Spanish: the demo's
 * categories and CoinGecko's most common ones. Ecosystem names ("Solana Ecosystem") follow a
 * pattern; anything else unknown keeps its original name.
 */
const categoryNames: Record<string, { "pt-BR": string; es: string }> = {
  "Layer 0 (L0)": { "pt-BR": "Camada 0 (L0)", es: "Capa 0 (L0)" },
  "Layer 1 (L1)": { "pt-BR": "Camada 1 (L1)", es: "Capa 1 (L1)" },
  "Layer 2 (L2)": { "pt-BR": "Camada 2 (L2)", es: "Capa 2 (L2)" },
  "Layer 3 (L3)": { "pt-BR": "Camada 3 (L3)", es: "Capa 3 (L3)" },
  "Proof of Work (PoW)": { "pt-BR": "Prova de trabalho (PoW)", es: "Prueba de trabajo (PoW)" },
  "Proof of Stake (PoS)": { "pt-BR": "Prova de participação (PoS)", es: "Prueba de participación (PoS)" },
  "Smart Contract Platform": { "pt-BR": "Plataforma de contratos inteligentes", es: "Plataforma de contratos inteligentes" },
  Stablecoins: { "pt-BR": "Stablecoins", es: "Stablecoins" },
  "USD Stablecoin": { "pt-BR": "Stablecoin em dólar", es: "Stablecoin en dólares" },
  "EUR Stablecoin": { "pt-BR": "Stablecoin em euro", es: "Stablecoin en euros" },
  "Fiat-backed Stablecoin": { "pt-BR": "Stablecoin lastreada em moeda fiduciária", es: "Stablecoin respaldada por moneda fiduciaria" },
  "Crypto-backed Stablecoin": { "pt-BR": "Stablecoin lastreada em cripto", es: "Stablecoin respaldada por cripto" },
  "Yield-Bearing Stablecoin": { "pt-BR": "Stablecoin com rendimento", es: "Stablecoin con rendimiento" },
  "Payment Solutions": { "pt-BR": "Soluções de pagamento", es: "Soluciones de pago" },
  "Centralized Exchange (CEX) Token": { "pt-BR": "Token de corretora centralizada (CEX)", es: "Token de exchange centralizado (CEX)" },
  "Exchange-based Tokens": { "pt-BR": "Tokens de corretoras", es: "Tokens de exchanges" },
  "Liquid Staking": { "pt-BR": "Staking líquido", es: "Staking líquido" },
  "Liquid Staking Tokens": { "pt-BR": "Tokens de staking líquido", es: "Tokens de staking líquido" },
  Meme: { "pt-BR": "Meme", es: "Meme" },
  "Decentralized Exchange (DEX)": { "pt-BR": "Corretora descentralizada (DEX)", es: "Exchange descentralizado (DEX)" },
  Perpetuals: { "pt-BR": "Contratos perpétuos", es: "Contratos perpetuos" },
  Derivatives: { "pt-BR": "Derivativos", es: "Derivados" },
  "Wrapped-Tokens": { "pt-BR": "Tokens encapsulados", es: "Tokens envueltos" },
  "Bitcoin Fork": { "pt-BR": "Fork do Bitcoin", es: "Fork de Bitcoin" },
  Oracle: { "pt-BR": "Oráculo", es: "Oráculo" },
  Infrastructure: { "pt-BR": "Infraestrutura", es: "Infraestructura" },
  "Privacy Coins": { "pt-BR": "Moedas de privacidade", es: "Monedas de privacidad" },
  "Decentralized Finance (DeFi)": { "pt-BR": "Finanças descentralizadas (DeFi)", es: "Finanzas descentralizadas (DeFi)" },
  Governance: { "pt-BR": "Governança", es: "Gobernanza" },
  Interoperability: { "pt-BR": "Interoperabilidade", es: "Interoperabilidad" },
  Rollup: { "pt-BR": "Rollup", es: "Rollup" },
  "Artificial Intelligence (AI)": { "pt-BR": "Inteligência artificial (IA)", es: "Inteligencia artificial (IA)" },
  "AI Agents": { "pt-BR": "Agentes de IA", es: "Agentes de IA" },
  "Lending/Borrowing Protocols": { "pt-BR": "Protocolos de empréstimo", es: "Protocolos de préstamo" },
  "Tokenized Gold": { "pt-BR": "Ouro tokenizado", es: "Oro tokenizado" },
  "Tokenized Assets": { "pt-BR": "Ativos tokenizados", es: "Activos tokenizados" },
  "Real World Assets (RWA)": { "pt-BR": "Ativos do mundo real (RWA)", es: "Activos del mundo real (RWA)" },
  Identity: { "pt-BR": "Identidade", es: "Identidad" },
  "Zero Knowledge (ZK)": { "pt-BR": "Conhecimento zero (ZK)", es: "Conocimiento cero (ZK)" },
  Storage: { "pt-BR": "Armazenamento", es: "Almacenamiento" },
  DePIN: { "pt-BR": "DePIN (infraestrutura física descentralizada)", es: "DePIN (infraestructura física descentralizada)" },
  "Internet of Things (IOT)": { "pt-BR": "Internet das coisas (IoT)", es: "Internet de las cosas (IoT)" },
  "Gaming (GameFi)": { "pt-BR": "Jogos (GameFi)", es: "Juegos (GameFi)" },
  "Play To Earn": { "pt-BR": "Jogue para ganhar", es: "Juega para ganar" },
  NFT: { "pt-BR": "NFT", es: "NFT" },
  "Modular Blockchain": { "pt-BR": "Blockchain modular", es: "Blockchain modular" },
  "Data Availability": { "pt-BR": "Disponibilidade de dados", es: "Disponibilidad de datos" },
  Metaverse: { "pt-BR": "Metaverso", es: "Metaverso" },
  Entertainment: { "pt-BR": "Entretenimento", es: "Entretenimiento" },
  Sports: { "pt-BR": "Esportes", es: "Deportes" },
  "Fan Token": { "pt-BR": "Token de torcedor", es: "Token de aficionados" },
  "Social Money": { "pt-BR": "Dinheiro social", es: "Dinero social" },
  "Yield Farming": { "pt-BR": "Yield farming", es: "Yield farming" },
  "Automated Market Maker (AMM)": { "pt-BR": "Formador de mercado automatizado (AMM)", es: "Creador de mercado automatizado (AMM)" },
  "Cross-chain Communication": { "pt-BR": "Comunicação entre blockchains", es: "Comunicación entre blockchains" },
  Masternodes: { "pt-BR": "Masternodes", es: "Masternodes" },
  Analytics: { "pt-BR": "Análise de dados", es: "Análisis de datos" },
  Education: { "pt-BR": "Educação", es: "Educación" },
  Marketing: { "pt-BR": "Marketing", es: "Marketing" },
  Insurance: { "pt-BR": "Seguros", es: "Seguros" },
  "Prediction Markets": { "pt-BR": "Mercados de previsão", es: "Mercados de predicción" },
  Launchpad: { "pt-BR": "Plataforma de lançamentos", es: "Plataforma de lanzamientos" },
  "Bridged Tokens": { "pt-BR": "Tokens de ponte", es: "Tokens puenteados" },
  Restaking: { "pt-BR": "Restaking", es: "Restaking" },
  "Asset Manager": { "pt-BR": "Gestão de ativos", es: "Gestión de activos" },
  "Eth 2.0 Staking": { "pt-BR": "Staking do Ethereum 2.0", es: "Staking de Ethereum 2.0" },
};

const ecosystem = /^(.+) Ecosystem$/;

/** A category in `language`, or its original name when there is no translation. */
export function translateCryptoCategory(name: string, language: Language): string {
  if (language === "en") return name;
  const known = categoryNames[name];
  if (known) return known[language];
  const chain = ecosystem.exec(name)?.[1];
  if (chain) return language === "pt-BR" ? `Ecossistema ${chain}` : `Ecosistema ${chain}`;
  return name;
}
