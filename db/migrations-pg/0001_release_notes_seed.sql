-- The blog's first notes: this product's own releases, written in Portuguese (as in SQLite's 0006_release_notes).
INSERT INTO "release_notes" ("title", "author", "status", "published_at", "contact", "body", "created_at", "updated_at") VALUES ('Market Analytics 0.1: a estrutura do aplicativo em três idiomas', 'Equipe Market Analytics', 'published', '2026-03-02T13:00:00.000Z', 'contato@marketanalytics.example', 'A primeira versão do Market Analytics está no ar. Ela ainda não mostra cotações: o objetivo foi construir uma base sólida, rápida e acessível, que funcione em português, inglês e espanhol e também com o JavaScript desligado.

## O que chega nesta versão

- **Cabeçalho em todas as páginas**, com o menu Mercados (Bitcoin, Ethereum e Dogecoin; Petrobras, Itaú e Banco do Brasil), o botão de Notícias, o menu Ferramentas, a troca de idioma, o modo escuro e o acesso à sua conta.
- **Trilha de navegação** no topo de cada página, **rodapé** no computador e **navegação inferior** no celular, com a seção atual destacada.
- **Páginas institucionais**: Sobre Nós, Recursos, Perguntas Frequentes, Política de Privacidade e Política de Cookies, além de páginas próprias para endereço não encontrado e para erros do servidor.
- **Notificações** no canto inferior direito, uma de cada vez.

## Três idiomas desde o primeiro dia

O português do Brasil é o idioma principal e a referência das traduções; inglês e espanhol estão completos. O idioma é escolhido pelo parâmetro `?lng=`, pelo cookie `i18next` ou pelas preferências do navegador, e você pode trocá-lo a qualquer momento pelo seletor do cabeçalho.

## Feito para funcionar sem JavaScript

Os menus são elementos `<details>` do HTML: abrem com o mouse, com o teclado e até com o JavaScript desligado. O tema escuro é o padrão e a sua escolha fica guardada, então a página já chega com as cores certas.

## Para quem hospeda

O Market Analytics é auto-hospedado. Basta `npm install && npm start`: o banco de dados SQLite é criado em `./data`, as migrações são aplicadas e o servidor sobe sem precisar de internet. Toda página sai com uma política de segurança de conteúdo (CSP) própria.

Dúvidas ou sugestões? Escreva para a equipe pelo contato abaixo.', '2026-03-02T13:00:00.000Z', '2026-03-02T13:00:00.000Z');--> statement-breakpoint
INSERT INTO "release_notes" ("title", "author", "status", "published_at", "contact", "body", "created_at", "updated_at") VALUES ('Market Analytics 0.2: dados de mercado e as telas de ações, criptomoedas e notícias', 'Equipe Market Analytics', 'published', '2026-05-11T13:00:00.000Z', 'contato@marketanalytics.example', 'Com a versão 0.2 o Market Analytics passa a mostrar o mercado: ações da B3 e dos Estados Unidos, criptomoedas, notícias e moedas, em telas pensadas para quem está começando.

## Dados de demonstração, sem configurar nada

Uma instalação nova já vem com um **conjunto de dados de demonstração**: mais de 130 criptomoedas, 200 ativos da B3 (ações, fundos imobiliários, BDRs e ETFs), mais de 30 ações americanas, mais de 60 notícias e cerca de 170 moedas. Os nomes, setores e descrições são reais; os preços partem de valores de referência e se movem com o relógio, sempre iguais no mesmo instante. Todas as páginas avisam com clareza quando os números são de demonstração.

## Dados ao vivo quando você quiser

Cada tipo de dado pode ser ligado a um provedor real por variáveis de ambiente:

- `CRYPTO_PROVIDER=coingecko` para criptomoedas;
- `STOCKS_PROVIDER=brapi` para a B3;
- `NEWS_PROVIDER=finnhub` para as notícias;
- `RATES_PROVIDER=currency-api` para as cotações de moedas.

Todas as consultas passam por um único cache: os dados ficam frescos por 5 minutos, cada consulta vai ao provedor uma vez só, e, se o provedor falhar, você vê os últimos dados bons em vez de uma página de erro.

## Novas telas

- **Início** com a faixa de cotações, criptomoedas e ações em alta, as criptomoedas mais buscadas nas últimas 24 horas e as maiores variações do dia.
- **Listas de criptomoedas e ações** com filtros, ordenação e paginação.
- **Páginas de detalhe** com estatísticas, descrição e um gráfico de 31 dias em linha, área ou barras — interativo com JavaScript, em SVG sem ele.
- **Notícias** por categoria e **busca** pelo campo do cabeçalho ou pelo atalho Ctrl+K (Cmd+K no Mac).

Quem desenvolve também ganha uma API JSON em `/proxy`, descrita no README.', '2026-05-11T13:00:00.000Z', '2026-05-11T13:00:00.000Z');--> statement-breakpoint
INSERT INTO "release_notes" ("title", "author", "status", "published_at", "contact", "body", "created_at", "updated_at") VALUES ('Market Analytics 0.3: contas, verificação em duas etapas e recursos pessoais', 'Equipe Market Analytics', 'published', '2026-08-17T13:00:00.000Z', 'contato@marketanalytics.example', 'A versão 0.3 traz as contas de usuário e, com elas, recursos para acompanhar de perto os ativos que mais interessam a você.

## Contas e segurança

- **Cadastro com e-mail e senha**, guardada com argon2id, ou **entrada com GitHub e Google** quando a instância os configura.
- **Verificação em duas etapas** com um aplicativo autenticador: você lê um QR code, confirma um código de 6 dígitos e recebe 10 códigos de recuperação de uso único.
- A página **Minha Conta** reúne perfil, senha, tema, verificação em duas etapas e a exclusão da conta.
- As sessões usam dois cookies protegidos, `access_token` e `refresh_token`, renovados automaticamente. Tentativas de login, de cadastro e de verificação têm limite por endereço e por conta.

## Recursos pessoais

- **Favoritos**: uma estrela em cada criptomoeda e ação, nas listas e nas páginas de detalhe. Em **Itens favoritos** você vê todos com preço atualizado e pode filtrar só criptomoedas ou só ações.
- **Tabelas de registro**: agrupe seus favoritos em tabelas com título e descrição, edite quando quiser e exporte em CSV.
- **Feedback**: envie bugs, sugestões e ideias com até 3 capturas de tela (PNG, JPEG, WebP ou GIF, com menos de 1 MB cada). Os administradores da instância leem tudo em uma lista própria.

Tudo isso também funciona com o JavaScript desligado: cada ação é um formulário comum.', '2026-08-17T13:00:00.000Z', '2026-08-17T13:00:00.000Z');--> statement-breakpoint
INSERT INTO "release_notes" ("title", "author", "status", "published_at", "contact", "body", "created_at", "updated_at") VALUES ('Market Analytics 0.4: o assistente de IA', 'Equipe Market Analytics', 'published', '2026-10-26T13:00:00.000Z', 'contato@marketanalytics.example', 'A versão 0.4 apresenta o **assistente de IA**: um botão flutuante em todas as páginas abre uma conversa sobre o mercado financeiro, no seu idioma.

## Funciona até sem internet

Sem nenhuma configuração, o **assistente offline** responde com os dados do próprio aplicativo e um glossário com 127 termos do mercado. Experimente perguntar:

- “quanto está a PETR4?”
- “100 dólares em reais”
- “o que é Selic?”
- “quais as maiores altas de hoje?”

Quando a pergunta foge do que ele sabe responder offline, ele diz isso com honestidade.

## Modelos hospedados

Quem administra a instância pode ligar um modelo maior com uma variável: `GEMINI_API_KEY` para o Gemini, ou `OPENAI_API_KEY` e `OPENAI_BASE_URL` para a OpenAI e servidores compatíveis, como Ollama e llama.cpp. O modelo recebe números frescos dos ativos citados na pergunta.

## Na conversa

- As respostas chegam aos poucos, com links para as páginas dos ativos citados.
- Você pode **copiar**, **curtir** ou **não curtir** uma resposta, pedir uma nova versão dela ou recomeçar a conversa.
- As conversas ficam guardadas na sua conta, e o limite é de 20 perguntas por minuto.

> O assistente informa, mas não recomenda a compra ou a venda de nenhum ativo.

Sem JavaScript, o botão leva à página `/chat`, onde tudo funciona com formulários comuns.', '2026-10-26T13:00:00.000Z', '2026-10-26T13:00:00.000Z');
