// The rules screen's texts: the games of RULES.md §1–§8 and the page's gestures of §9, the same
// content in each language (tests/engine/test_rules_text.py compares them).
// A text is paragraphs, one a line; a line that starts with "- " is an item of a list; **x** is
// bold. {name} is a label of the page (the bar's buttons, the setup's choices), filled in by
// rules.js from the page's other tables so the rules always name a button as the page shows it;
// {rank_K}, {bid_Q} (a court card's word, the auction's "la donna") are said in the words of the
// deck the game is played with (rules.js), as the table of ranks beside them.
export const RULES_STRINGS = {
  it: {
    ru_title: "Regole del gioco",
    ru_jump: "Vai a: come si gioca in questa pagina",
    ru_col_card: "Carta",
    ru_col_points: "Punti",
    ru_cards_caption: "Dalla più forte alla più debole",

    ru_h_intro: "In breve",
    ru_h_cards: "Le carte e i punti",
    ru_h_deal: "Mazziere e distribuzione",
    ru_h_play: "Le prese",
    ru_h_draw: "Si pesca",
    ru_h_exchange: "Il cambio della briscola",
    ru_h_auction: "L'asta",
    ru_h_call: "La briscola e il compagno segreto",
    ru_h_win: "Chi vince la smazzata",
    ru_h_score: "Il punteggio",
    ru_h_match: "La partita",
    ru_h_options: "Regole facoltative",
    ru_h_gestures: "In questa pagina: giocare una carta",
    ru_h_keys: "Con la tastiera",
    ru_h_bar: "I pulsanti",
    ru_h_save: "Salvataggi e fine smazzata",

    ru_classica_intro: "Si gioca in due, in tre o in quattro a coppie, con il compagno seduto di fronte. Il mazzo è di 40 carte italiane: denari, coppe, bastoni e spade, dieci carte per seme.\n"
      + "Lo scopo è fare punti con le carte che prendi: il mazzo ne vale 120, quindi con 61 vinci la smazzata. Non c'è obbligo di rispondere al seme, e tutto sta nel sapere quando prendere e quando lasciar andare.\n"
      + "In quattro i compagni non possono parlarsi né farsi segni.",
    ru_brisca_intro: "La brisca è la briscola spagnola. Si gioca con le carte spagnole, in due, in tre (togliendo un 2, come nella briscola a tre) o in quattro a coppie con il compagno di fronte. Ordine delle carte, punti, prese e pesca sono quelli della briscola; in più, chi ha già preso può cambiare la carta scoperta con il 7 di briscola.",
    ru_bisc_intro: "La biscambiggia è un gioco ligure, cugino della briscola. Si gioca con il mazzo genovese di 40 carte, a semi francesi (quadri per denari, cuori per coppe, fiori per bastoni, picche per spade), in due, in tre, in quattro a coppie con il compagno di fronte, oppure in sei: due squadre di tre, seduti a posti alternati. Il seme che comanda si chiama trionfo, e il mazzo da cui si pesca pozzo.",
    ru_chiamata_intro: "Si gioca in cinque, con tutto il mazzo e senza squadre fisse: le decide l'asta. Chi la vince, il chiamante, chiama una carta; chi ce l'ha diventa il suo compagno, ma in segreto. Chiamante e compagno giocano in due contro tre.",

    ru_cards: "Per le prese conta quest'ordine. L'asso e il tre sono i **carichi**; {bid_K}, {bid_Q} e {bid_J} sono le **figure**; le altre carte sono **lisci** e non valgono punti. In tutto il mazzo ci sono 120 punti.",
    ru_brisca_cards: "Ordine e punti sono quelli della briscola. Nelle carte spagnole il fante è la sota, il cavallo il caballo e il re il rey; i semi sono oros (denari), copas (coppe), espadas (spade) e bastos (bastoni).",
    ru_bisc_cards: "Attenzione, l'ordine non è quello della briscola: il **7** è la seconda carta, subito dopo l'asso, e vale 10 punti, mentre il **3** è un liscio e non vale niente. In tutto il mazzo ci sono sempre 120 punti.",

    ru_classica_deal: "- Il primo mazziere è scelto a caso; a ogni smazzata le carte passano al giocatore alla sua destra (si gira in senso antiorario).\n"
      + "- Il mazziere dà tre carte a testa, una alla volta, in senso antiorario, cominciando da chi gli sta a destra.\n"
      + "- Poi scopre la carta seguente e la mette per metà sotto il mazzo: il suo seme è la **briscola** per tutta la smazzata. Resta in vista di tutti e sarà l'ultima carta pescata.\n"
      + "- In tre si toglie un due, di solito quello di spade (lo scegli nella schermata iniziale), così le 39 carte si dividono per tre.",
    ru_brisca_deal: "- In quattro, per fare le coppie ognuno pesca una carta: le due più alte giocano insieme. Chi ha la più alta fa le carte e sceglie il posto; il compagno gli si siede di fronte.\n"
      + "- Il mazziere mescola e il giocatore alla sua sinistra alza il mazzo, lasciando almeno quattro carte in ognuna delle due parti.\n"
      + "- Tre carte a testa, una alla volta, in senso antiorario; la carta seguente si scopre sotto il mazzo e il suo seme è la briscola (in spagnolo, el triunfo). Le smazzate seguenti le fa il giocatore alla destra del mazziere.",
    ru_bisc_deal: "- In due il mazziere si alterna e l'avversario alza il mazzo. Con più giocatori il primo mazziere è scelto a caso, poi tocca a chi gli sta a destra.\n"
      + "- Tre carte a testa, una alla volta. Poi il mazziere scopre una carta e ci mette sopra per metà il pozzo: il suo seme è il trionfo, cioè la briscola, per tutta la smazzata.\n"
      + "- In tre si toglie il 2 di picche; in sei si tolgono tutti i due e si gioca con 36 carte; in quattro si usa tutto il mazzo.",
    ru_chiamata_deal: "- Il mazziere dà otto carte a testa. Non si scopre nessuna carta: la briscola la sceglie chi vince l'asta.\n"
      + "- A ogni smazzata le carte passano al giocatore alla destra del mazziere.",

    ru_play: "- Apre il giocatore alla destra del mazziere; poi apre sempre chi ha preso l'ultima mano.\n"
      + "- Ognuno gioca una carta, in senso antiorario. La prima carta giocata decide il seme di mano.\n"
      + "- Non c'è nessun obbligo: puoi rispondere al seme, giocare una briscola o buttare la carta che vuoi.\n"
      + "- Prende la briscola più alta; se nessuno ha giocato briscola, prende la carta più alta del seme di mano. Una carta di un altro seme non prende mai.",
    ru_chiamata_play: "- Apre il giocatore alla destra del mazziere; poi apre chi ha preso l'ultima mano.\n"
      + "- Si gioca come nella briscola: nessun obbligo di rispondere al seme; prende la briscola più alta o, se non ce ne sono, la carta più alta del seme di mano.\n"
      + "- Non si pesca: si giocano le otto carte, cioè otto mani.",
    ru_draw: "- **Chi prende per primo pesca per primo**, poi gli altri in senso antiorario, una carta a testa.\n"
      + "- La briscola scoperta è l'ultima carta del mazzo.\n"
      + "- Finito il mazzo si giocano le ultime tre mani senza pescare. Spesso la smazzata si decide proprio lì: è il momento dei carichi.",

    ru_brisca_exchange: "- Chi ha già vinto almeno una mano in questa smazzata può, prima di pescare, prendere la briscola scoperta e mettere al suo posto il **7 di briscola**.\n"
      + "- Se la carta scoperta è il 7 o una più bassa (6, 5 o 4), la si prende con il **2 di briscola**: così anche il 7 appena messo sotto il mazzo si può prendere col 2.\n"
      + "- Non si cambia più all'ultimo giro di pesca, quello in cui si pesca la carta scoperta.\n"
      + "- In quattro conta la mano presa da te, non quella del compagno.\n"
      + "- Quando puoi cambiare, sotto il tavolo compaiono «{exchange_do}» e «{exchange_skip}».",

    ru_chiamata_auction: "- Comincia il giocatore alla destra del mazziere: chiama un valore senza dire il seme (per esempio «il tre»), oppure passa.\n"
      + "- Ogni chiamata dev'essere più bassa dell'ultima, nell'ordine delle prese: asso, tre, {rank_K}, {rank_Q}, {rank_J}, 7, 6, 5, 4, 2. Chi chiama più basso si fida di più delle sue carte.\n"
      + "- Chi passa è fuori dall'asta. Si fanno altri giri tra chi resta, finché quattro su cinque hanno passato.\n"
      + "- Arrivati al 2 si va avanti a punti: per rilanciare si chiama ancora il 2, promettendo più punti, da 62 in su. Si può anche chiamare subito il 2 a punti.\n"
      + "- Se passano tutti e cinque, la smazzata è nulla e le carte le rifà il giocatore seguente.",
    ru_chiamata_call: "- Vince l'asta chi ha chiamato la carta più bassa o, col 2, i punti più alti. Dice il seme della carta chiamata, e quel seme diventa la briscola.\n"
      + "- Chi ha la carta chiamata è il compagno del chiamante, ma non lo dice: lo si scopre quando gioca quella carta. Fino ad allora lo sa solo lui.\n"
      + "- Ci si può anche **chiamare in mano**, cioè chiamare una carta che si ha già: allora il chiamante gioca da solo contro quattro.",

    ru_classica_win: "- A fine smazzata ognuno conta i punti delle carte prese; a coppie si sommano quelli dei due compagni.\n"
      + "- Con 61 punti si vince la smazzata; 60 a 60 è pari.\n"
      + "- In tre vince chi fa più punti; se i primi due sono alla pari, la smazzata è nulla.",
    ru_brisca_win: "- Si contano i punti delle prese, la coppia insieme: con 61 si vince la smazzata.\n"
      + "- Una smazzata finita 60 a 60 si annulla: non la vince nessuno.",
    ru_bisc_win: "- Per vincere la smazzata servono 61 punti; 60 a 60 la rende nulla.\n"
      + "- In tre vince chi fa più punti da solo; se non c'è un primo solo, la smazzata è nulla.\n"
      + "- In quattro e in sei ogni squadra ha una sola pila di prese, e ai compagni è vietato dirsi che carte hanno o quale giocare.",
    ru_chiamata_win: "- A fine smazzata si sommano i punti del chiamante e del compagno.\n"
      + "- Senza rilancio a punti ne bastano 60: il 60 a 60 va al chiamante. Con un rilancio servono i punti promessi.\n"
      + "- Se ci arrivano vincono loro, altrimenti vincono gli altri tre (o quattro, se il chiamante era da solo).",

    ru_chiamata_score: "Ogni smazzata dà o toglie punti a ciascuno. Nella tabella il primo numero è del chiamante, il secondo del compagno, il terzo di ognuno degli avversari.",
    ru_score_case: "Punti chiamati",
    ru_score_win: "Vince il chiamante",
    ru_score_lose: "Perde il chiamante",
    ru_score_r1: "Fino a 70 (o senza rilancio)",
    ru_score_r2: "Da 71 a 80",
    ru_score_r3: "Oltre 80",
    ru_score_r4: "Chiamato in mano (da solo)",
    ru_cappotto: "**Cappotto**: se la squadra del chiamante prende tutti i 120 punti, in più +2 al chiamante, +1 al compagno e −1 a ogni avversario; da solo, +4 al chiamante e −1 a ogni avversario.",

    ru_brisca_match: "In Spagna ci si accorda prima su quante smazzate vincere: vince la partita chi ci arriva per primo (di solito 2). Nella schermata iniziale puoi scegliere:",
    ru_bisc_match: "Per tradizione vince la partita chi vince per primo due smazzate in due, tre smazzate in tre; in quattro e in sei si gioca di solito un numero pari di smazzate, deciso prima. Nella schermata iniziale puoi scegliere:",
    ru_classica_match: "Nella schermata iniziale scegli come si gioca la partita:",
    ru_m_punti: "- **{f_punti}**: si gioca una smazzata sola e vince chi fa 61 punti; 60 a 60 è pari.",
    ru_m_smazzate: "- **{f_smazzate}**: si gioca il numero di smazzate scelto (di solito dispari: 1, 3, 5 o 7) e vince la partita chi ne vince di più. Si smette prima se l'altro non può più rimontare. Una smazzata pari non la vince nessuno.",
    ru_m_first_to: "- **{f_first_to}**: vince la partita chi vince per primo il numero di smazzate scelto. Le smazzate pari o nulle non contano.",
    ru_m_replay: "- **{replay_ties}**: una smazzata finita 60 a 60 si rigioca, come nei tornei.",
    ru_m_knockout: "- **{knockout}**: se la partita finisce pari si gioca uno **spareggio**, cioè un'altra smazzata, e passa chi fa più punti. Si va avanti fino a tre spareggi; se anche il terzo finisce pari, perde chi ne ha fatto l'ultima presa, anche senza punti. Vale solo quando si gioca in due o a due squadre.",
    ru_m_vp: "Alla fine, tra due giocatori o due squadre, si danno i **punti vittoria (PV)**: 20 a chi vince, 10 a testa se è pari, 0 a chi perde.",
    ru_m_pdiff: "La **differenza punti** è lo scarto su tutte le smazzate diviso 10 e arrotondato, con il mezzo per difetto: 93 a 27 fa 66 punti di scarto, cioè 7; con 65 si arrotonda a 6.",
    ru_m_abandon: "**{abandon}**: chi abbandona perde la partita. I punti ancora in gioco nella smazzata vanno all'avversario, fino a 20; chi abbandona prende 0 PV, l'altro almeno 14. Se chi abbandona resta comunque avanti, la differenza punti è zero.",
    ru_chiamata_match: "- **{f_chiamata}**: si gioca il numero di smazzate scelto; con 5 ognuno fa le carte una volta. I punteggi si sommano e vince chi alla fine ha il totale più alto; se i primi sono pari, la partita è pari.\n"
      + "- Nella briscola chiamata non si abbandona: la partita si gioca fino in fondo. Al posto di «{abandon}» c'è «Fai giocare il computer»: il computer gioca al posto tuo fino alla fine della smazzata, e con «Riprendo io» torni a giocare quando vuoi.",

    ru_options_intro: "Si scelgono nella schermata iniziale, sotto «{options}»:",
    ru_o_vinco: "- **Vinco subito**: appena chi ha appena preso arriva a 61 punti, la smazzata finisce e l'ha vinta lui, senza giocare le mani che restano.",
    ru_o_viste: "- **Carte viste**: le carte già uscite nella smazzata restano in vista di tutti. In due, le ultime tre mani si giocano a carte scoperte.",
    ru_o_viste_five: "- **Carte viste**: le carte già uscite nella smazzata restano in vista di tutti.",
    ru_o_scoperte: "- **Carte scoperte a coppie**: i compagni vedono l'uno le carte dell'altro per tutta la smazzata; gli avversari no.",
    ru_o_mostra: "- **Mostra le carte al compagno**: finito il mazzo, i compagni si mostrano le carte per le ultime mani, come nei tornei.",
    ru_o_cut: "- **{cut}**: prima di ogni smazzata il giocatore alla sinistra del mazziere (nella Biscambiggia, l'avversario) taglia il mazzo, lasciando almeno quattro carte per parte. Quando tocca a te, scegli tu dove.",
    ru_o_draw: "- **{draw}** (Brisca in quattro): ognuno pesca una carta; le due più alte giocano insieme contro le altre due, e chi ha la più alta fa le carte.",
    ru_o_clock: "- **{clock_move}** e **{clock_match}**: un tempo per ogni mossa e uno per tutta la partita. Il conto alla rovescia è accanto a «Tocca a te»; se finisci il tempo, la partita è persa. Mentre la scheda è nascosta, il tempo si ferma.",

    ru_gestures: "Quando tocca a te, gioca una carta in uno di questi modi:\n"
      + "- doppio clic, o doppio tocco, sulla carta;\n"
      + "- un tocco per selezionarla (la carta si alza e sul tavolo compare un segnaposto semitrasparente), poi un tocco sul segnaposto;\n"
      + "- trascinala sul segnaposto.\n"
      + "Per deselezionare una carta basta toccarla di nuovo. Quando non tocca a te, le tue carte sono un po' più scure.",
    ru_chiamata_page: "Durante l'asta i comandi sono sotto il tavolo: dopo «{bid_choose}:» un pulsante per ogni carta che puoi chiamare, poi «{bid_points}» con i punti e «{bid_points_go}», e «{bid_pass}». Se vinci l'asta scegli il seme della carta chiamata. Sul tavolo, accanto al nome di ognuno, c'è la sua ultima chiamata.",
    ru_keys: "- **Frecce** oppure i tasti da **1** a **9**: scegli una carta della mano.\n"
      + "- **Invio**: giochi la carta scelta.\n"
      + "- **Esc**: la deselezioni. In questa finestra, Esc la chiude.\n"
      + "- **Tab**: passi da un comando all'altro.",
    ru_bar: "- **{hint}**: quando tocca a te, ti dice cosa giocherebbe il computer al livello {l_campione}, e perché.\n"
      + "- **{last_trick}**: rivedi le carte dell'ultima mano e chi l'ha presa.\n"
      + "- **{new_game}**: torni alla schermata iniziale; la partita resta salvata e la riprendi con «{back_to_match}».\n"
      + "- **{abandon}**: dopo una conferma, lasci la partita e la perdi. Nella briscola chiamata qui c'è «Fai giocare il computer».\n"
      + "- **{sound}** e **{language}**: accendi o spegni i suoni, cambi lingua.\n"
      + "Sul telefono «{new_game}», «{abandon}», i suoni e la lingua stanno nel **{menu}**. Nella barra in alto leggi anche come va la partita e i punti della smazzata.",
    ru_save: "- La partita si salva a ogni mossa: se chiudi la pagina, o resti senza rete, la ritrovi com'era.\n"
      + "- A fine smazzata un riquadro dice chi ha vinto e con quanti punti; con «{review_title}» la rivedi mossa per mossa.\n"
      + "- Nella schermata iniziale trovi anche «{stats_title}» e «{tn_button}».",
  },
  en: {
    ru_title: "Rules of the game",
    ru_jump: "Skip to: playing on this page",
    ru_col_card: "Card",
    ru_col_points: "Points",
    ru_cards_caption: "From highest to lowest",

    ru_h_intro: "At a glance",
    ru_h_cards: "Cards and points",
    ru_h_deal: "Dealer and deal",
    ru_h_play: "Tricks",
    ru_h_draw: "Drawing",
    ru_h_exchange: "Exchanging the trump card",
    ru_h_auction: "The auction",
    ru_h_call: "Trumps and the secret partner",
    ru_h_win: "Who wins the deal",
    ru_h_score: "Scoring",
    ru_h_match: "The match",
    ru_h_options: "Optional rules",
    ru_h_gestures: "On this page: playing a card",
    ru_h_keys: "With the keyboard",
    ru_h_bar: "The buttons",
    ru_h_save: "Saving and the end of a deal",

    ru_classica_intro: "Two, three or four can play; four play in two pairs, partners sitting opposite. The deck is the Italian 40-card pack: coins, cups, clubs and swords, ten cards to a suit.\n"
      + "You score the points in the cards you capture: the deck holds 120, so 61 wins the deal. Nobody has to follow suit, and the whole game is knowing when to take a trick and when to let it go.\n"
      + "With four, partners may not talk or signal to each other.",
    ru_brisca_intro: "Brisca is the Spanish Briscola. It is played with Spanish cards, by two players, by three (one 2 taken out, as in Briscola for three) or by four in pairs, partners opposite. Card order, points, tricks and drawing are as in Briscola; on top of that, a player who has taken a trick may swap the face-up card for the 7 of trumps.",
    ru_bisc_intro: "Biscambiggia is a game from Liguria, a cousin of Briscola. It is played with the Genoese 40-card deck, with French suits (diamonds for coins, hearts for cups, clubs for clubs, spades for swords), by two, three, four in pairs with partners opposite, or six: two teams of three in alternate seats. The ruling suit is called trionfo, and the stock you draw from the pozzo (the well).",
    ru_chiamata_intro: "Five play, with the whole deck and no fixed teams: the auction makes them. Its winner, the caller, names a card; whoever holds it becomes the caller's partner, in secret. Caller and partner play two against three.",

    ru_cards: "This is the order for winning tricks. The ace and the three are the **big cards** (carichi); {bid_K}, {bid_Q} and {bid_J} are the **court cards** (figure); the rest are **blanks** (lisci) and score nothing. The whole deck holds 120 points.",
    ru_brisca_cards: "Order and points are those of Briscola. On Spanish cards the knave is the sota, the knight the caballo and the king the rey; the suits are oros (coins), copas (cups), espadas (swords) and bastos (clubs).",
    ru_bisc_cards: "Careful, the order is not Briscola's: the **7** is the second card, right after the ace, and scores 10, while the **3** is a blank worth nothing. The deck still holds 120 points.",

    ru_classica_deal: "- The first dealer is chosen at random; after each deal the cards pass to the player on the dealer's right (play goes counterclockwise).\n"
      + "- The dealer gives three cards each, one at a time, counterclockwise, starting with the player on the right.\n"
      + "- Then the next card is turned face up and slid half under the stock: its suit is **trumps** (briscola) for the whole deal. It stays in sight and is the last card drawn.\n"
      + "- With three players one two is taken out, usually the two of swords (you choose it on the start screen), so that the 39 cards divide by three.",
    ru_brisca_deal: "- With four, to make the pairs everyone draws a card: the two highest play together. The highest deals and picks a seat; the partner sits opposite.\n"
      + "- The dealer shuffles and the player on the left cuts, leaving at least four cards in each part.\n"
      + "- Three cards each, one at a time, counterclockwise; the next card is turned face up under the stock and its suit is trumps (el triunfo). Later deals are dealt by the player on the dealer's right.",
    ru_bisc_deal: "- With two players the deal alternates and the non-dealer cuts. With more, the first dealer is chosen at random, then the deal passes to the player on the right.\n"
      + "- Three cards each, one at a time. Then the dealer turns a card face up and lays the pozzo half over it: its suit is trionfo, that is trumps, for the whole deal.\n"
      + "- With three players the two of spades is taken out; with six, all the twos, leaving 36 cards; with four the whole deck is used.",
    ru_chiamata_deal: "- The dealer gives eight cards to each player. No card is turned up: the winner of the auction chooses trumps.\n"
      + "- After each deal the cards pass to the player on the dealer's right.",

    ru_play: "- The player on the dealer's right leads first; after that, whoever took the last trick leads.\n"
      + "- Each plays one card, counterclockwise. The first card played sets the suit led.\n"
      + "- There is no obligation at all: you may follow suit, play a trump or throw any card you like.\n"
      + "- The highest trump takes the trick; if no trump was played, the highest card of the suit led. A card of another suit never wins.",
    ru_chiamata_play: "- The player on the dealer's right leads; then whoever took the last trick.\n"
      + "- Play is as in Briscola: no need to follow suit; the highest trump takes the trick or, without trumps, the highest card of the suit led.\n"
      + "- No drawing: all eight cards are played, eight tricks.",
    ru_draw: "- **Whoever takes the trick draws first**, then the others counterclockwise, one card each.\n"
      + "- The face-up trump card is the last card of the stock.\n"
      + "- Once the stock is gone the last three tricks are played without drawing. The deal is often decided right there: that is when the big cards come out.",

    ru_brisca_exchange: "- A player who has already won a trick in this deal may, before drawing, take the face-up trump card and put the **7 of trumps** in its place.\n"
      + "- If the face-up card is the 7 or lower (6, 5 or 4), it is taken with the **2 of trumps**: so even a 7 just put under the stock can be taken with the 2.\n"
      + "- No exchange in the last drawing round, the one that takes the face-up card.\n"
      + "- With four players only a trick you took yourself counts, not your partner's.\n"
      + "- When you may exchange, “{exchange_do}” and “{exchange_skip}” appear below the table.",

    ru_chiamata_auction: "- The player on the dealer's right starts: they call a rank without naming a suit (say “the three”), or pass.\n"
      + "- Each call must be lower than the last in trick order: ace, three, {rank_K}, {rank_Q}, {rank_J}, 7, 6, 5, 4, 2. Calling lower means trusting your own hand more.\n"
      + "- A player who passes is out of the auction. The calls go round among those left until four of the five have passed.\n"
      + "- Once the 2 is called, the bidding goes on in points: to raise, call the 2 again and promise more points, 62 or more. You may also call the 2 for points straight away.\n"
      + "- If all five pass, the deal is void and the next player deals again.",
    ru_chiamata_call: "- The auction goes to whoever called the lowest card or, with the 2, the most points. They name the suit of the called card, and that suit becomes trumps.\n"
      + "- Whoever holds the called card is the caller's partner but keeps quiet: everyone finds out when that card is played. Until then only the partner knows.\n"
      + "- You may also **call your own card** (chiamarsi in mano): name a card you hold, and play alone against four.",

    ru_classica_win: "- At the end of the deal each side counts the points in the cards it took; partners add theirs together.\n"
      + "- 61 points win the deal; 60 all is a tie.\n"
      + "- With three players the highest score wins; if the top two are level, the deal is void.",
    ru_brisca_win: "- Count the points in the tricks, the pair together: 61 wins the deal.\n"
      + "- A deal that ends 60 all is annulled: nobody wins it.",
    ru_bisc_win: "- 61 points win the deal; 60 all makes it void.\n"
      + "- With three players the single highest score wins; if there is no single top scorer, the deal is void.\n"
      + "- With four and six each team keeps a single pile of tricks, and partners may not tell each other what they hold or what to play.",
    ru_chiamata_win: "- At the end of the deal the caller's and the partner's points are added up.\n"
      + "- Without a points raise, 60 is enough: 60 all goes to the caller. After a raise they need the points promised.\n"
      + "- If they make it they win; otherwise the other three win (four, if the caller was alone).",

    ru_chiamata_score: "Each deal gives or takes points from every player. In the table the first number is the caller's, the second the partner's, the third each opponent's.",
    ru_score_case: "Points called",
    ru_score_win: "Caller wins",
    ru_score_lose: "Caller loses",
    ru_score_r1: "Up to 70 (or no raise)",
    ru_score_r2: "71 to 80",
    ru_score_r3: "Over 80",
    ru_score_r4: "Own card called (alone)",
    ru_cappotto: "**Cappotto** (a slam): if the caller's side takes all 120 points, add +2 for the caller, +1 for the partner and −1 for each opponent; alone, +4 for the caller and −1 for each opponent.",

    ru_brisca_match: "In Spain the players agree beforehand how many deals to win: the first to win that many takes the match (usually 2). On the start screen you can choose:",
    ru_bisc_match: "By tradition the first to win two deals takes the match with two players, three deals with three; with four and six an even number of deals, agreed beforehand, is usual. On the start screen you can choose:",
    ru_classica_match: "On the start screen you choose how the match is played:",
    ru_m_punti: "- **{f_punti}**: a single deal; 61 points win, 60 all is a draw.",
    ru_m_smazzate: "- **{f_smazzate}**: the number of deals you choose is played (usually odd: 1, 3, 5 or 7) and whoever wins more of them takes the match. It stops early once the other side can no longer catch up. A tied deal counts for nobody.",
    ru_m_first_to: "- **{f_first_to}**: the first to win the chosen number of deals takes the match. Tied or void deals do not count.",
    ru_m_replay: "- **{replay_ties}**: a deal that ends 60 all is played again, as in tournaments.",
    ru_m_knockout: "- **{knockout}**: if the match ends level, a **play-off** (spareggio) is played, one more deal, and whoever scores more goes through. Up to three play-offs; if the third is tied too, whoever took its last trick loses, even with no points. Only when two players or two teams play.",
    ru_m_vp: "At the end, between two players or two teams, **victory points (VP)** are given: 20 for a win, 10 each for a draw, 0 for a loss.",
    ru_m_pdiff: "The **point difference** (differenza punti) is the margin over all deals divided by 10 and rounded, a half going down: 93 to 27 is a margin of 66, so 7; 65 makes 6.",
    ru_m_abandon: "**{abandon}**: whoever resigns loses the match. The points still in play in the deal go to the opponent, up to 20; the side that resigns gets 0 VP, the other at least 14. If the side that resigns is still ahead anyway, the point difference is zero.",
    ru_chiamata_match: "- **{f_chiamata}**: the number of deals you choose is played; with 5, everyone deals once. The scores add up and the highest total wins; if the top scores are level, the match is drawn.\n"
      + "- Nobody resigns at Briscola chiamata: the match is played to the end. Instead of “{abandon}” there is “Let the computer play”: the computer plays for you until the end of the deal, and “I'll play again” gives you your seat back whenever you like.",

    ru_options_intro: "Chosen on the start screen, under “{options}”:",
    ru_o_vinco: "- **Instant win** (vinco subito): as soon as whoever just took a trick reaches 61 points, the deal ends and they have won it, without playing the remaining tricks.",
    ru_o_viste: "- **Show the cards played** (carte viste): the cards already played in the deal stay in view for everyone. With two players, the last three tricks are played with both hands face up.",
    ru_o_viste_five: "- **Show the cards played** (carte viste): the cards already played in the deal stay in view for everyone.",
    ru_o_scoperte: "- **Partners see each other's cards** (carte scoperte): partners see each other's hand all deal long; the opponents do not.",
    ru_o_mostra: "- **Show your cards to your partner** (mostra carte): once the stock is gone, partners show each other their hands for the last tricks, as in tournaments.",
    ru_o_cut: "- **{cut}**: before each deal the player on the dealer's left (in Biscambiggia, the opponent) cuts the deck, leaving at least four cards in each part. When it is you, you choose where.",
    ru_o_draw: "- **{draw}** (Brisca for four): everyone draws a card; the two highest play together against the other two, and the highest deals.",
    ru_o_clock: "- **{clock_move}** and **{clock_match}**: a time for each move and one for the whole match. The countdown sits at the end of the turn line; if your time runs out, you lose the match. While the tab is hidden, the clock stops.",

    ru_gestures: "When it is your turn, play a card in any of these ways:\n"
      + "- double-click, or double-tap, the card;\n"
      + "- tap it once to select it (it rises and a semi-transparent placeholder appears on the table), then tap the placeholder;\n"
      + "- drag it onto the placeholder.\n"
      + "To deselect a card, tap it again. When it is not your turn, your cards are slightly dimmed.",
    ru_chiamata_page: "During the auction the controls are below the table: after “{bid_choose}:” a button for each card you may call, then “{bid_points}” with the points and “{bid_points_go}”, and “{bid_pass}”. If you win the auction, you choose the suit of the called card. On the table, each player's last call shows by their name.",
    ru_keys: "- **Arrow keys** or **1** to **9**: select a card in your hand.\n"
      + "- **Enter**: play the selected card.\n"
      + "- **Escape**: deselect it. In this window, Escape closes it.\n"
      + "- **Tab**: move from one control to the next.",
    ru_bar: "- **{hint}**: on your turn, tells you what the computer would play at {l_campione} level, and why.\n"
      + "- **{last_trick}**: shows the cards of the last trick and who took it.\n"
      + "- **{new_game}**: back to the start screen; the match stays saved and “{back_to_match}” picks it up again.\n"
      + "- **{abandon}**: after you confirm, you leave the match and lose it. At Briscola chiamata this is “Let the computer play”.\n"
      + "- **{sound}** and **{language}**: sounds on or off, and the language.\n"
      + "On a phone, “{new_game}”, “{abandon}”, the sounds and the language are in the **{menu}**. The bar at the top also shows how the match stands and the points of the deal.",
    ru_save: "- The match is saved after every move: close the page or lose your connection, and you find it as you left it.\n"
      + "- At the end of each deal a box says who won and by how many points; “{review_title}” replays it move by move.\n"
      + "- The start screen also has “{stats_title}” and “{tn_button}”.",
  },
  es: {
    ru_title: "Reglas del juego",
    ru_jump: "Ir a: cómo se juega en esta página",
    ru_col_card: "Carta",
    ru_col_points: "Puntos",
    ru_cards_caption: "De la más alta a la más baja",

    ru_h_intro: "En resumen",
    ru_h_cards: "Cartas y puntos",
    ru_h_deal: "Quién reparte y cómo",
    ru_h_play: "Las bazas",
    ru_h_draw: "Se roba",
    ru_h_exchange: "El cambio del triunfo",
    ru_h_auction: "La subasta",
    ru_h_call: "El triunfo y el compañero secreto",
    ru_h_win: "Quién gana la ronda",
    ru_h_score: "La puntuación",
    ru_h_match: "La partida",
    ru_h_options: "Reglas opcionales",
    ru_h_gestures: "En esta página: jugar una carta",
    ru_h_keys: "Con el teclado",
    ru_h_bar: "Los botones",
    ru_h_save: "Guardado y fin de la ronda",

    ru_classica_intro: "Se juega entre dos, tres o cuatro; los cuatro, en dos parejas, con el compañero enfrente. La baraja es la italiana de 40 cartas: oros, copas, bastos y espadas, diez cartas por palo.\n"
      + "Se suman los puntos de las cartas que ganas: la baraja vale 120, así que con 61 ganas la ronda. No hay obligación de asistir al palo, y todo está en saber cuándo llevarse la baza y cuándo dejarla pasar.\n"
      + "Entre cuatro, los compañeros no pueden hablarse ni hacerse señas.",
    ru_brisca_intro: "La brisca es la briscola española. Se juega con la baraja española, entre dos, entre tres (quitando un 2, como en la Briscola de tres) o entre cuatro por parejas, con el compañero enfrente. El orden de las cartas, los puntos, las bazas y el robo son los de la Briscola; además, quien ya ha ganado una baza puede cambiar la carta vuelta por el 7 de triunfo.",
    ru_bisc_intro: "La biscambiggia es un juego de Liguria, primo de la Briscola. Se juega con la baraja genovesa de 40 cartas, de palos franceses (diamantes por oros, corazones por copas, tréboles por bastos, picas por espadas), entre dos, tres, cuatro por parejas con el compañero enfrente, o seis: dos equipos de tres, sentados alternados. El palo que manda se llama trionfo, y el mazo del que se roba, pozzo (el pozo).",
    ru_chiamata_intro: "Se juega entre cinco, con toda la baraja y sin equipos fijos: los decide la subasta. Quien la gana, el llamador, llama una carta; quien la tiene pasa a ser su compañero, en secreto. Llamador y compañero juegan dos contra tres.",

    ru_cards: "Este es el orden para ganar bazas. El as y el tres son las **cartas gordas** (carichi); {bid_K}, {bid_Q} y {bid_J} son las **figuras**; las demás son **blancas** (lisci) y no valen nada. Toda la baraja suma 120 puntos.",
    ru_brisca_cards: "El orden y los puntos son los de la Briscola. Las figuras son la sota, el caballo y el rey, y los palos oros, copas, espadas y bastos, como en la baraja italiana con sus fante, cavallo y re.",
    ru_bisc_cards: "Ojo, el orden no es el de la Briscola: el **7** es la segunda carta, justo después del as, y vale 10 puntos, mientras que el **3** es una blanca y no vale nada. La baraja sigue sumando 120 puntos.",

    ru_classica_deal: "- El primer repartidor se elige al azar; tras cada ronda las cartas pasan al jugador de su derecha (se juega en sentido contrario a las agujas del reloj).\n"
      + "- El repartidor da tres cartas a cada uno, de una en una, en ese mismo sentido, empezando por el jugador de su derecha.\n"
      + "- Luego vuelve la carta siguiente y la deja medio tapada bajo el mazo: su palo es el **triunfo** (la briscola) de toda la ronda. Queda a la vista y es la última carta que se roba.\n"
      + "- Entre tres se quita un dos, normalmente el de espadas (lo eliges en la pantalla inicial), para que las 39 cartas se repartan entre tres.",
    ru_brisca_deal: "- Entre cuatro, para formar las parejas cada uno saca una carta: las dos más altas juegan juntas. Quien saca la más alta reparte y elige sitio; su compañero se sienta enfrente.\n"
      + "- El repartidor baraja y el jugador de su izquierda corta, dejando al menos cuatro cartas en cada parte.\n"
      + "- Tres cartas a cada uno, de una en una, en sentido contrario a las agujas del reloj; la siguiente se vuelve bajo el mazo y su palo es el triunfo. Las rondas siguientes las reparte el jugador a la derecha del repartidor.",
    ru_bisc_deal: "- Entre dos, el repartidor se alterna y el otro corta. Con más jugadores, el primer repartidor se elige al azar y luego reparte el de su derecha.\n"
      + "- Tres cartas a cada uno, de una en una. Luego el repartidor vuelve una carta y la tapa a medias con el pozzo: su palo es el trionfo, es decir el triunfo, de toda la ronda.\n"
      + "- Entre tres se quita el dos de picas; entre seis, todos los doses, y se juega con 36 cartas; entre cuatro se usa toda la baraja.",
    ru_chiamata_deal: "- El repartidor da ocho cartas a cada uno. No se vuelve ninguna carta: el triunfo lo elige quien gana la subasta.\n"
      + "- Tras cada ronda, las cartas pasan al jugador a la derecha del repartidor.",

    ru_play: "- Sale el jugador a la derecha del repartidor; después sale siempre quien ganó la última baza.\n"
      + "- Cada uno juega una carta, en sentido contrario a las agujas del reloj. La primera carta marca el palo de salida.\n"
      + "- No hay ninguna obligación: puedes asistir al palo, fallar con un triunfo o echar la carta que quieras.\n"
      + "- Gana la baza el triunfo más alto; si nadie jugó triunfo, la carta más alta del palo de salida. Una carta de otro palo nunca gana.",
    ru_chiamata_play: "- Sale el jugador a la derecha del repartidor; después, quien ganó la última baza.\n"
      + "- Se juega como en la Briscola: sin obligación de asistir; gana el triunfo más alto o, si no hay triunfos, la carta más alta del palo de salida.\n"
      + "- No se roba: se juegan las ocho cartas, ocho bazas.",
    ru_draw: "- **Quien gana la baza roba primero**, y luego los demás en sentido contrario a las agujas del reloj, una carta cada uno.\n"
      + "- La carta del triunfo vuelta es la última del mazo.\n"
      + "- Acabado el mazo, las tres últimas bazas se juegan sin robar. Muchas veces la ronda se decide ahí: es cuando salen las cartas gordas.",

    ru_brisca_exchange: "- Quien ya ha ganado al menos una baza en esta ronda puede, antes de robar, coger la carta del triunfo vuelta y dejar en su lugar el **7 de triunfo**.\n"
      + "- Si la carta vuelta es el 7 o una más baja (6, 5 o 4), se coge con el **2 de triunfo**: así, hasta el 7 que se acaba de dejar se puede coger con el 2.\n"
      + "- No se cambia en la última vuelta de robo, la que se lleva la carta vuelta.\n"
      + "- Entre cuatro cuenta la baza que ganaste tú, no la de tu compañero.\n"
      + "- Cuando puedes cambiar, bajo la mesa aparecen «{exchange_do}» y «{exchange_skip}».",

    ru_chiamata_auction: "- Empieza el jugador a la derecha del repartidor: llama un valor sin decir el palo (por ejemplo «el tres») o pasa.\n"
      + "- Cada llamada tiene que ser más baja que la anterior en el orden de las bazas: as, tres, {rank_K}, {rank_Q}, {rank_J}, 7, 6, 5, 4, 2. Llamar más bajo es fiarse más de las propias cartas.\n"
      + "- Quien pasa queda fuera de la subasta. Se dan más vueltas entre los que quedan hasta que cuatro de los cinco han pasado.\n"
      + "- Llamado el 2, se sigue a puntos: para subir se llama otra vez el 2 prometiendo más puntos, de 62 en adelante. También se puede llamar el 2 a puntos de entrada.\n"
      + "- Si pasan los cinco, la ronda es nula y reparte de nuevo el jugador siguiente.",
    ru_chiamata_call: "- Gana la subasta quien llamó la carta más baja o, con el 2, más puntos. Dice el palo de la carta llamada, y ese palo pasa a ser el triunfo.\n"
      + "- Quien tiene la carta llamada es el compañero del llamador, pero se calla: se descubre cuando juega esa carta. Hasta entonces solo lo sabe él.\n"
      + "- También se puede **llamar una carta propia** (chiamarsi in mano): entonces el llamador juega solo contra cuatro.",

    ru_classica_win: "- Al final de la ronda cada uno cuenta los puntos de las cartas ganadas; en pareja se suman los de los dos compañeros.\n"
      + "- Con 61 puntos se gana la ronda; 60 a 60 es empate.\n"
      + "- Entre tres gana quien más puntos hace; si los dos primeros empatan, la ronda es nula.",
    ru_brisca_win: "- Se cuentan los puntos de las bazas, la pareja junta: con 61 se gana la ronda.\n"
      + "- Una ronda que acaba 60 a 60 se anula: no la gana nadie.",
    ru_bisc_win: "- Para ganar la ronda hacen falta 61 puntos; 60 a 60 la deja nula.\n"
      + "- Entre tres gana quien más puntos hace él solo; si no hay un único primero, la ronda es nula.\n"
      + "- Entre cuatro y entre seis cada equipo tiene un solo montón de bazas, y los compañeros no pueden decirse qué cartas tienen ni cuál jugar.",
    ru_chiamata_win: "- Al final de la ronda se suman los puntos del llamador y de su compañero.\n"
      + "- Sin subida a puntos bastan 60: el 60 a 60 es para el llamador. Con una subida hacen falta los puntos prometidos.\n"
      + "- Si llegan, ganan ellos; si no, ganan los otros tres (o cuatro, si el llamador iba solo).",

    ru_chiamata_score: "Cada ronda da o quita puntos a cada jugador. En la tabla el primer número es el del llamador, el segundo el del compañero y el tercero el de cada rival.",
    ru_score_case: "Puntos llamados",
    ru_score_win: "Gana el llamador",
    ru_score_lose: "Pierde el llamador",
    ru_score_r1: "Hasta 70 (o sin subida)",
    ru_score_r2: "De 71 a 80",
    ru_score_r3: "Más de 80",
    ru_score_r4: "Carta propia (solo)",
    ru_cappotto: "**Cappotto** (capote): si el equipo del llamador se lleva los 120 puntos, además +2 al llamador, +1 al compañero y −1 a cada rival; si iba solo, +4 al llamador y −1 a cada rival.",

    ru_brisca_match: "En España se acuerda antes cuántas rondas hay que ganar: gana la partida quien llega primero (lo normal, 2). En la pantalla inicial puedes elegir:",
    ru_bisc_match: "Por tradición gana la partida quien gana primero dos rondas entre dos, tres rondas entre tres; entre cuatro y seis se suele jugar un número par de rondas, acordado antes. En la pantalla inicial puedes elegir:",
    ru_classica_match: "En la pantalla inicial eliges cómo se juega la partida:",
    ru_m_punti: "- **{f_punti}**: una sola ronda; ganan 61 puntos, 60 a 60 es empate.",
    ru_m_smazzate: "- **{f_smazzate}**: se juega el número de rondas elegido (normalmente impar: 1, 3, 5 o 7) y gana la partida quien gane más. Se acaba antes si el otro ya no puede remontar. Una ronda empatada no cuenta para nadie.",
    ru_m_first_to: "- **{f_first_to}**: gana la partida quien gane primero el número de rondas elegido. Las rondas empatadas o nulas no cuentan.",
    ru_m_replay: "- **{replay_ties}**: una ronda que acaba 60 a 60 se vuelve a jugar, como en los torneos.",
    ru_m_knockout: "- **{knockout}**: si la partida acaba empatada se juega un **desempate** (spareggio), otra ronda, y pasa quien haga más puntos. Hasta tres desempates; si el tercero también acaba empatado, pierde quien ganó su última baza, aunque sea sin puntos. Solo entre dos jugadores o dos equipos.",
    ru_m_vp: "Al final, entre dos jugadores o dos equipos, se dan **puntos de victoria (PV)**: 20 por ganar, 10 a cada uno si hay empate, 0 por perder.",
    ru_m_pdiff: "La **diferencia de puntos** es la ventaja en todas las rondas dividida entre 10 y redondeada, con la mitad hacia abajo: 93 a 27 son 66 puntos de ventaja, o sea 7; con 65 queda en 6.",
    ru_m_abandon: "**{abandon}**: quien abandona pierde la partida. Los puntos que quedan en juego en la ronda van al rival, hasta 20; quien abandona se queda con 0 PV, el otro con al menos 14. Si quien abandona sigue por delante de todos modos, la diferencia de puntos es cero.",
    ru_chiamata_match: "- **{f_chiamata}**: se juega el número de rondas elegido; con 5, cada uno reparte una vez. Las puntuaciones se suman y gana el total más alto; si los primeros empatan, la partida es empate.\n"
      + "- En la briscola chiamata no se abandona: la partida se juega hasta el final. En lugar de «{abandon}» está «Que juegue el ordenador»: el ordenador juega por ti hasta el final de la ronda, y con «Vuelvo a jugar yo» retomas tu sitio cuando quieras.",

    ru_options_intro: "Se eligen en la pantalla inicial, en «{options}»:",
    ru_o_vinco: "- **Victoria inmediata** (vinco subito): en cuanto quien acaba de ganar una baza llega a 61 puntos, la ronda termina y la ha ganado él, sin jugar las bazas que quedan.",
    ru_o_viste: "- **Mostrar las cartas jugadas** (carte viste): las cartas que ya han salido en la ronda quedan a la vista de todos. Entre dos, las tres últimas bazas se juegan con las cartas boca arriba.",
    ru_o_viste_five: "- **Mostrar las cartas jugadas** (carte viste): las cartas que ya han salido en la ronda quedan a la vista de todos.",
    ru_o_scoperte: "- **Los compañeros ven sus cartas** (carte scoperte): cada compañero ve la mano del otro durante toda la ronda; los rivales no.",
    ru_o_mostra: "- **Mostrar las cartas al compañero** (mostra carte): acabado el mazo, los compañeros se enseñan las cartas para las últimas bazas, como en los torneos.",
    ru_o_cut: "- **{cut}**: antes de cada mano, el jugador a la izquierda del que reparte (en la Biscambiggia, el rival) corta la baraja y deja al menos cuatro cartas en cada parte. Cuando te toca a ti, eliges dónde.",
    ru_o_draw: "- **{draw}** (Brisca de cuatro): cada uno roba una carta; las dos más altas juegan juntas contra las otras dos, y la más alta reparte.",
    ru_o_clock: "- **{clock_move}** y **{clock_match}**: un tiempo para cada jugada y otro para toda la partida. La cuenta atrás está al final de la línea del turno; si se te acaba el tiempo, pierdes la partida. Mientras la pestaña está oculta, el reloj se para.",

    ru_gestures: "Cuando te toca, juega una carta de cualquiera de estas maneras:\n"
      + "- doble clic, o doble toque, sobre la carta;\n"
      + "- un toque para seleccionarla (la carta sube y en la mesa aparece un hueco semitransparente) y luego un toque en el hueco;\n"
      + "- arrástrala hasta el hueco.\n"
      + "Para deseleccionar una carta basta con tocarla otra vez. Cuando no te toca, tus cartas se ven algo más oscuras.",
    ru_chiamata_page: "Durante la subasta los mandos están bajo la mesa: tras «{bid_choose}:» un botón por cada carta que puedes llamar, luego «{bid_points}» con los puntos y «{bid_points_go}», y «{bid_pass}». Si ganas la subasta, eliges el palo de la carta llamada. En la mesa, junto al nombre de cada uno, se ve su última llamada.",
    ru_keys: "- **Flechas** o las teclas del **1** al **9**: eliges una carta de la mano.\n"
      + "- **Intro**: juegas la carta elegida.\n"
      + "- **Esc**: la deseleccionas. En esta ventana, Esc la cierra.\n"
      + "- **Tab**: pasas de un mando al siguiente.",
    ru_bar: "- **{hint}**: cuando te toca, te dice qué jugaría el ordenador en el nivel {l_campione}, y por qué.\n"
      + "- **{last_trick}**: vuelves a ver las cartas de la última baza y quién se la llevó.\n"
      + "- **{new_game}**: vuelves a la pantalla inicial; la partida queda guardada y la retomas con «{back_to_match}».\n"
      + "- **{abandon}**: tras confirmarlo, dejas la partida y la pierdes. En la briscola chiamata aquí está «Que juegue el ordenador».\n"
      + "- **{sound}** e **{language}**: enciendes o apagas los sonidos y cambias de idioma.\n"
      + "En el móvil, «{new_game}», «{abandon}», los sonidos y el idioma están en el **{menu}**. En la barra de arriba ves también cómo va la partida y los puntos de la ronda.",
    ru_save: "- La partida se guarda tras cada jugada: si cierras la página o te quedas sin conexión, la encuentras tal como estaba.\n"
      + "- Al final de cada ronda un recuadro dice quién ha ganado y por cuántos puntos; con «{review_title}» la repasas jugada a jugada.\n"
      + "- En la pantalla inicial tienes también «{stats_title}» y «{tn_button}».",
  },
};
