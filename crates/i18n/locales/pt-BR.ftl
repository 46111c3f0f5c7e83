# Mensagens do Martian Dice em português do Brasil. Toda mensagem daqui existe também em en.ftl.

## Idiomas
lang-name = Português (Brasil)

## Números (martian_i18n::decimal): toda interface escreve os decimais com este separador e sem
## agrupar os milhares ("1234,5").
decimal-point = ,

## Faces. $face é um de: tank, death-ray, human, cow, chicken.
face-name = { $face ->
    [tank] tanque
    [death-ray] raio da morte
    [human] humano
    [cow] vaca
   *[chicken] galinha
}
face-count = { $face ->
    [tank] { $count ->
        [0] 0 tanques
        [one] { $count } tanque
       *[other] { $count } tanques
    }
    [death-ray] { $count ->
        [0] 0 raios da morte
        [one] { $count } raio da morte
       *[other] { $count } raios da morte
    }
    [human] { $count ->
        [0] 0 humanos
        [one] { $count } humano
       *[other] { $count } humanos
    }
    [cow] { $count ->
        [0] 0 vacas
        [one] { $count } vaca
       *[other] { $count } vacas
    }
   *[chicken] { $count ->
        [0] 0 galinhas
        [one] { $count } galinha
       *[other] { $count } galinhas
    }
}
face-none = { $face ->
    [tank] nenhum tanque
    [death-ray] nenhum raio da morte
    [human] nenhum humano
    [cow] nenhuma vaca
   *[chicken] nenhuma galinha
}

## As regras, como `martian-dice rules` as mostra.
rules-title = MARTIAN DICE — AS REGRAS
rules-intro =
    Marcianos, a vossa missão é mergulhar sobre os habitantes patéticos do planeta primitivo Terra
    e abduzir o máximo deles que conseguirem: humanos, vacas e galinhas. Os terráqueos vão se
    defender com tanques; os vossos Raios da Morte cuidarão deles. Seja o primeiro marciano a
    preencher a sua cota de abdução!
rules-components-title = Os dados
rules-components =
    São 13 dados. Cada um tem seis faces: um Tanque, dois Raios da Morte, um Humano, uma Vaca e uma
    Galinha. Assim, um dado mostra um raio da morte uma vez em três, e cada outra face uma vez em seis.
    Letras usadas pelo programa: T tanque, R raio da morte, H humano, C ou V vaca, K ou G galinha.
rules-turn-title = Um turno
rules-turn =
    1. Lance todos os dados disponíveis (no início do seu turno, os 13).
    2. Separe todos os tanques que saíram. Tanques nunca são uma escolha: são obrigatórios e se
       somam aos tanques já separados neste turno.
    3. Escolha um tipo entre os outros dados que acabou de lançar e separe TODOS os dados desse tipo.
       Raios da Morte sempre podem ser escolhidos. Humanos, vacas ou galinhas só podem ser escolhidos
       se você ainda não separou esse tipo neste turno: cada tipo de terráqueo é pego no máximo uma
       vez por turno. Os dados que você não pegou voltam para ser lançados de novo.
    4. Se você não puder escolher nada (só saíram tanques, ou só terráqueos de tipos que você já
       tem), o seu turno acabou: vá para a pontuação. Isso não é um zero automático: pontue normalmente.
    5. Se não sobrar nenhum dado, o seu turno acabou: vá para a pontuação.
    6. Senão, decida: parar e pontuar, ou lançar de novo os dados que sobraram (volta ao passo 1).
    Você pode parar ou lançar de novo seja qual for o placar de tanques e raios — mesmo quando parar
    vale 0.
rules-scoring-title = A pontuação do turno
rules-scoring =
    Se você separou mais tanques do que raios da morte, os terráqueos escapam: o turno vale 0.
    Senão, você marca 1 ponto por humano, vaca e galinha separados, mais um bônus de 3 pontos se
    separou pelo menos um humano, uma vaca e uma galinha. Some a pontuação do turno ao seu total.
rules-end-title = O final do jogo
rules-end =
    Os jogadores jogam numa ordem fixa; uma rodada é um turno de cada jogador. Quando o total de um
    jogador chega a 25 ou mais, a rodada é concluída, para que todos tenham jogado o mesmo número de
    turnos. Então vence o jogador com mais pontos.
rules-tie-title = Empates
rules-tie =
    Se vários jogadores empatarem com mais pontos, cada um deles lança 6 dados: quem tirar mais Raios
    da Morte vence. Os que continuarem empatados lançam de novo, até sobrar um só.
rules-example-title = Um turno de exemplo
rules-example =
    Ana lança 13 dados: 2 tanques, 3 raios da morte, 2 humanos, 3 vacas, 3 galinhas (TTRRRHHCCCKKK).
    Os 2 tanques são separados. Ela pega as 3 galinhas; sobram 8 dados. Com 2 tanques e nenhum raio
    ela marcaria 0 agora, então lança de novo.
    Ela lança 8: 1 tanque, 3 raios da morte, 2 humanos, 2 vacas. O tanque é separado (agora são 3);
    ela pega os 3 raios da morte, e os tanques deixam de ser maioria. Sobram 4 dados; parar agora
    valeria 3 pontos. Ela lança de novo.
    Ela lança 4: 2 humanos, 2 vacas. Pega os humanos; sobram 2 dados.
    Ela lança 2: 2 vacas. Pega as vacas; não sobra nenhum dado e o turno acaba.
    Pontuação: 3 raios da morte contra 3 tanques, então ela marca 2 humanos + 2 vacas + 3 galinhas =
    7 pontos, mais o bônus de 3 pontos por ter um de cada: 10 pontos.
    Na notação de transcrição do programa: TTRRRHHVVVGGG/G TRRRHHVV/R HHVV/H VV/V
rules-variants-title = Variantes
rules-variants =
    O programa também joga com outro número de dados (de 1 a 30), outra pontuação-alvo, a leitura
    literal do texto original (o bônus por qualquer terráqueo em vez de um de cada), o jogo acabando
    na hora quando alguém atinge o alvo, e vitória compartilhada em vez do desempate. São opções,
    nunca o padrão.
rules-cards-title = Cartões de estratégia para guardar de cabeça
rules-cards =
    O jogo perfeito é uma tabela que ninguém decora. Estes cartões são as melhores regras simples
    de 1, 3 e 5 linhas que o programa encontra (docs/strategy.md), cada um com a sua chance exata
    contra o jogo perfeito. Escreva o seu e avalie-o: martian-dice card meu-cartao.txt; jogue
    contra ele: --players Você,bot:card:meu-cartao.txt.

## Vocabulário do jogo, comum a todas as interfaces (martian_i18n::vocab).
## $face é um de: tank, death-ray, human, cow, chicken. $count é um número.
## Em português, 0 cai na categoria "one": por isso as variantes [0].

# A letra pela qual o leitor conhece a face, no texto e nos prompts (transcrições mantêm T R H C K).
face-letter = { $face ->
    [tank] T
    [death-ray] R
    [human] H
    [cow] V
   *[chicken] G
}
dice-count = { $count ->
    [0] 0 dados
    [one] { $count } dado
   *[other] { $count } dados
}
# Um lançamento ou conjunto de dados sem nenhum dado.
dice-nothing = nada
points = { $count ->
    [0] 0 pontos
    [one] { $count } ponto
   *[other] { $count } pontos
}
# Uma mudança de uma medida, como todas as interfaces escrevem perdas, sorte e habilidade:
# "2,8pp de chance de vencer" (pontos percentuais: de 60% para 57,2%), "0,35 turnos", "1,25 pontos";
# sorte e habilidade com sinal ("+17,56pp"), perdas nunca. $measure: win, turns, points; $value: o número.
measure-change = { $measure ->
        [win] { $value }pp de chance de vencer
        [turns] { $value } turnos
       *[points] { $value } pontos
    }
earthling-count = { $count ->
    [0] 0 terráqueos
    [one] { $count } terráqueo
   *[other] { $count } terráqueos
}
# Listas: $first são todos os itens menos o último, separados por ", ".
list-and = { $first } e { $last }
list-or = { $first } ou { $last }
# As regras em resumo. $bonus: one-of-each, any-earthling; $end: complete-round, immediate;
# $tie: roll-off, shared.
ruleset = { $dice } dados, alvo { $target }, { $bonus ->
        [any-earthling] bônus por qualquer terráqueo
       *[one-of-each] bônus por um de cada
    }, { $end ->
        [immediate] fim imediato
       *[complete-round] rodada completa
    }, { $tie ->
        [shared] vitória compartilhada
       *[roll-off] desempate
    }
# Os tanques e raios da morte separados. $leader: tanks, rays, even; $margin: por quanto.
balance = Tanques { $tanks }, raios da morte { $rays }: { $leader ->
        [tanks] os tanques estão na frente por { $margin }
        [rays] os raios da morte estão na frente por { $margin }
       *[even] empate, os raios da morte seguram os tanques
    }
# A pontuação de um turno e o porquê. $reason: tanks, bonus, plain; $earthlings: um earthling-count.
score-explained = { $reason ->
        [tanks] { $score } (os tanques superam os raios da morte)
        [bonus] { $score } ({ $earthlings } + { $bonus } de bônus)
       *[plain] { $score } ({ $earthlings })
    }
# Por que um turno acabou. $end: stop, no-dice, no-choice.
turn-end = { $end ->
    [stop] o jogador parou
    [no-dice] todos os dados foram separados
   *[no-choice] nenhum tipo podia ser pego do último lançamento
}
transcript-stop = parar

## Jogadores (martian_i18n::vocab): a pessoa diante da tela e os bots embutidos, pelo nome.
player-you = Você
bot-name = { $bot ->
        [random] aleatório
        [aggressive] agressivo
        [defensive] defensivo
        [greedy] ganancioso
        [optimal] ótimo
        [easy] fácil
        [medium] médio
        [hard] difícil
       *[other] { $bot }
    }

## Os erros do motor do jogo (martian_i18n::errors): fragmentos de frase, postos depois de
## "passo 2: " e semelhantes.
error-dice-unknown-letter = '{ $letter }' não é uma letra de face (T, R, H, V, G; ou C, K)
error-dice-dangling-count = o número { $count } não é seguido de uma letra de face
error-dice-zero-count = uma quantidade 0 não é permitida
error-dice-too-many = mais de { $max } dados
error-dice-empty = nenhum dado escrito
error-turn-over = o turno acabou
error-turn-awaiting-choice = um lançamento aguarda a escolha de um tipo
error-turn-awaiting-roll = primeiro é preciso lançar os dados
error-turn-awaiting-decision = o jogador precisa primeiro parar ou lançar de novo
error-turn-wrong-dice-count = { $rolled ->
        [0] nenhum dado foi lançado
        [one] { $rolled } dado foi lançado
       *[other] { $rolled } dados foram lançados
    }, mas { $available ->
        [0] não há nenhum disponível
        [one] há { $available } disponível
       *[other] há { $available } disponíveis
    }
error-turn-take-tank = tanques não podem ser escolhidos: eles são separados à força
error-turn-not-rolled = { $face ->
    [tank] não saiu nenhum tanque
    [death-ray] não saiu nenhum raio da morte
    [human] não saiu nenhum humano
    [cow] não saiu nenhuma vaca
   *[chicken] não saiu nenhuma galinha
}
error-turn-already-taken = { $face ->
    [tank] os tanques já foram pegos neste turno
    [death-ray] os raios da morte já foram pegos neste turno
    [human] os humanos já foram pegos neste turno
    [cow] as vacas já foram pegas neste turno
   *[chicken] as galinhas já foram pegas neste turno
}
error-transcript = passo { $step }: { $error }
error-transcript-bad-roll = lançamento inválido '{ $text }': { $error }
error-transcript-take = '{ $text }' depois de '/' não é uma letra de face (R, H, V, G; ou C, K)
error-transcript-missing-take = o lançamento não diz que tipo foi pego: escreva LANÇAMENTO/LETRA, ou termine a transcrição ali
error-transcript-take-after-no-choice = nenhum tipo pode ser pego deste lançamento: o turno acabou com ele
error-transcript-after-end = o turno já tinha acabado
error-rules-dice = o número de dados deve ser de { $min } a { $max }, não { $count }
error-rules-target = a pontuação-alvo deve ser de { $min } a { $max }, não { $target }
error-game-players = uma partida tem de 1 a { $max } jogadores, não { $count }
error-game-over = a partida acabou
error-game-in-roll-off = o desempate está em andamento: só os lançamentos dele são esperados
error-game-no-roll-off = não há desempate em andamento
error-game-roll-off-dice = um lançamento de desempate tem { $expected } dados, não { $count }
# Regras além do que os solucionadores exatos aceitam (martian_engine::SolveLimit). $game: solo, duel,
# trio; $dice, $max (o maior alvo resolvido com esses dados), $target: números.
error-solve-limit = o jogo exato de { $game ->
        [solo] um jogador
        [duel] dois jogadores
        [quad] quatro jogadores
       *[trio] três jogadores
    } com { $dice } dados é resolvido para pontuações-alvo até { $max }, não { $target } (o trabalho cresce { $game ->
        [solo] com o alvo
        [duel] com o quadrado do alvo
        [quad] com a quarta potência do alvo
       *[trio] com o cubo do alvo
    })
# O que escolher em vez disso, depois de error-solve-limit onde regras e bots são escolhidos. $max: um número.
error-solve-limit-bots = Escolha um alvo até { $max }, ou bots que não leem o solucionador (greedy, aggressive, defensive, random).
# $detail e $error podem ser detalhes em inglês, do motor do jogo ou do leitor de JSON.
error-record-format = não é um registro de partida: { $detail }
error-record-version = a versão { $version } de registro não é suportada (este programa lê a versão { $supported })
error-record-turn = turno { $turn }: { $error }
error-record-roll-off = desempate, rodada { $round }, lançamento { $roll }: { $error }
error-record-result = resultado: { $error }

## O jogo em modo de linhas: `martian-dice play --plain` (crates/cli/src/plain/messages.rs).
## $name: o nome de um jogador; $names: uma lista de nomes; $points, $total: um texto `points`;
## $faces: dados por extenso; $letters: um lançamento nas letras do leitor.
plain-title = Martian Dice: { $rules }.
plain-players = Jogadores, na ordem da mesa: { $names }.
plain-seed = Semente { $seed }: jogue de novo com --seed { $seed } para ter os mesmos dados.
plain-manual-dice = Modo marcador: lance os seus próprios dados e digite o que eles mostram, como 2T3RHVG.
plain-help-hint = Digite ? para pedir ajuda a qualquer momento.
plain-seed-hint = Os dados têm uma semente: digite semente a qualquer momento para ouvi-la e jogar os mesmos dados de novo.
plain-default-player = Jogador { $number }
plain-turn-start = { $you ->
        [yes] Rodada { $round }: seu turno ({ $points }).
       *[no] Rodada { $round }: turno de { $name } ({ $points }).
    }
plain-turn-start-final-round = { $you ->
        [yes] Rodada { $round }, a rodada final: seu último turno ({ $points }).
       *[no] Rodada { $round }, a rodada final: último turno de { $name } ({ $points }).
    }
plain-rolls = { $you ->
        [yes] Você lança
       *[no] { $name } lança
    } { $dice }: { $faces }.
plain-rolls-letters = { $you ->
        [yes] Você lança
       *[no] { $name } lança
    } { $dice }: { $letters }.
plain-tanks-forced = { $count ->
    [one] O tanque é separado à força.
   *[other] Os { $count } tanques são separados à força.
}
# Também a linha do relatório de `turn`. $count: os dados que sobram.
plain-set-aside = Separados: { $faces }; { $count ->
        [0] não sobra nenhum dado
        [one] sobra { $count } dado
       *[other] sobram { $count } dados
    }.
plain-set-aside-choosing = Separados: { $faces }.
plain-balance-so-far = { $balance } — o que está separado vale { $score } até agora.
plain-balance-if-stopping = { $balance } — parar agora vale { $score }.
# $choices: uma lista de plain-choice.
plain-choices = Você pode pegar: { $choices }.
plain-choice = { $letter } para { $faces }
plain-choose-prompt = { $you ->
        [yes] Qual tipo você pega? ({ $keys })
       *[no] { $name }, qual tipo você pega? ({ $keys })
    }
plain-decide-prompt = { $you ->
        [yes] Parar e marcar { $score } (p) ou lançar de novo { $count ->
            [one] o dado que sobrou
           *[other] os { $count } dados que sobraram
        } (l)?
       *[no] { $name }, parar e marcar { $score } (p) ou lançar de novo { $count ->
            [one] o dado que sobrou
           *[other] os { $count } dados que sobraram
        } (l)?
    }
plain-takes = { $you ->
        [yes] Você pega
       *[no] { $name } pega
    } { $faces }.
plain-stops = { $you ->
        [yes] Você decide parar.
       *[no] { $name } decide parar.
    }
plain-no-choice = Nenhum tipo pode ser pego deste lançamento: o turno acabou.
plain-no-dice = Todos os dados estão separados: o turno acabou.
plain-turn-scores = { $you ->
        [yes] Você marca { $score } neste turno, { $total } no total.
       *[no] { $name } marca { $score } neste turno, { $total } no total.
    }
plain-score-table-title = Placar, rodada { $round } (alvo { $target }):
plain-score-table-row = { $name }: { $points }
plain-reached-target = { $you ->
        [yes] Você tem { $points } e atinge o alvo de { $target }.
       *[no] { $name } tem { $points } e atinge o alvo de { $target }.
    }
plain-final-round = Esta é a rodada final: quem joga depois nesta rodada tem um último turno.
plain-immediate-end = O jogo acaba na hora.
plain-roll-off-start = { $names } estão empatados com { $points }: desempate! Cada um lança { $dice } dados; quem tirar mais raios da morte vence.
plain-roll-off-roll = { $you ->
        [yes] Você lança
       *[no] { $name } lança
    } no desempate: { $faces }: { $rays }.
plain-roll-off-roll-letters = { $you ->
        [yes] Você lança
       *[no] { $name } lança
    } no desempate: { $letters }: { $rays }.
plain-roll-off-again = Empate de novo: { $names } lançam outra vez.
plain-winner = { $you ->
        [yes] Você vence com { $points }!
       *[no] { $name } vence com { $points }!
    }
plain-shared-victory = { $names } dividem a vitória com { $points }!
plain-final-scores = Placar final:
plain-manual-roll-prompt = { $name }, lance { $dice } e digite o que { $count ->
        [one] ele mostra
       *[other] eles mostram
    } (como 2T3RHVG):
plain-manual-roll-off-prompt = { $name }, lance { $dice } para o desempate e digite o que eles mostram:
plain-bad-faces = Isso não é um lançamento: { $error }. Digite as faces de novo.
plain-wrong-count = Você digitou { $typed }, mas foram lançados { $expected }. Digite todos de novo.
plain-empty-input = Digite alguma coisa (? para ajuda).
plain-unknown-input = '{ $text }' não é uma opção que eu conheça (? para ajuda).
plain-illegal-take-tank = Tanques não podem ser pegos: eles são separados à força.
plain-illegal-not-rolled = { $face ->
    [tank] Não saiu nenhum tanque.
    [death-ray] Não saiu nenhum raio da morte.
    [human] Não saiu nenhum humano.
    [cow] Não saiu nenhuma vaca.
   *[chicken] Não saiu nenhuma galinha.
}
plain-illegal-already-taken = { $face ->
    [tank] Você já pegou tanques neste turno: cada tipo de terráqueo é pego uma vez só.
    [death-ray] Você já pegou raios da morte neste turno: cada tipo de terráqueo é pego uma vez só.
    [human] Você já pegou humanos neste turno: cada tipo de terráqueo é pego uma vez só.
    [cow] Você já pegou vacas neste turno: cada tipo de terráqueo é pego uma vez só.
   *[chicken] Você já pegou galinhas neste turno: cada tipo de terráqueo é pego uma vez só.
}
plain-illegal-awaiting-choice = Primeiro pegue um tipo deste lançamento.
plain-illegal-awaiting-decision = Você já pegou um tipo deste lançamento: pare (p) ou lance de novo (l).
# $error: um dos textos error-turn-*.
plain-illegal-other = Isso não é possível agora: { $error }.
plain-help-choose =
    Pegue um tipo pela letra ou pelo nome: r ou raio (raios da morte; m também), h ou humano, v ou vaca, g ou galinha (c e k também valem).
    Os tanques são separados à força. Raios da morte sempre podem ser pegos; cada tipo de terráqueo, uma vez por turno.
    Outros comandos: a ou análise (o valor de cada escolha, e por quê; análise sempre para toda decisão, análise nunca), placar (a tabela de pontos), semente (a semente dos dados), letras ou palavras (como os lançamentos são lidos), q ou sair (deixar o jogo; { $record ->
        [kept] o registro é guardado
       *[none] ele não é salvo
    }).
plain-help-decide =
    p ou parar: encerrar o turno e marcar o que está separado (nada se os tanques superarem os raios da morte).
    l ou lançar: lançar de novo os dados que sobraram (r também vale).
    Outros comandos: a ou análise (o valor de cada escolha, e por quê; análise sempre para toda decisão, análise nunca), placar (a tabela de pontos), semente (a semente dos dados), letras ou palavras (como os lançamentos são lidos), q ou sair (deixar o jogo; { $record ->
        [kept] o registro é guardado
       *[none] ele não é salvo
    }).
plain-help-roll =
    Digite as faces que os dados mostram: T tanque, R raio da morte, H humano, V vaca, G galinha (C e K também valem).
    Um número pode vir antes de uma letra: 2T3RHVG é T T R R R H V G. Os espaços são ignorados.
    q ou sair deixa o jogo; { $record ->
        [kept] o registro é guardado.
       *[none] ele não é salvo.
    }
plain-bot-error = { $name } não conseguiu jogar: { $error }
plain-quit = Você saiu do jogo: a partida ficou inacabada.
plain-input-ended = A entrada acabou: a partida fica inacabada.
plain-not-recorded = A partida não foi salva: jogue com --record ARQUIVO para guardar um registro.
plain-read-letters = De agora em diante os lançamentos são lidos em letras; digite palavras para voltar a ouvi-los por extenso.
plain-read-words = De agora em diante os lançamentos são lidos por extenso; digite letras para ouvi-los em letras.
plain-coach-heading = { $measure ->
        [win] A análise, a sua chance de vitória depois de cada escolha:
        [points] A análise, os pontos esperados no turno depois de cada escolha:
       *[turns] A análise, os turnos esperados até { $target } depois de cada escolha (menos é melhor):
    }
plain-coach-option = { $action }: { $value }{ $best ->
        [yes] , a melhor
       *[no] {""}
    }.
plain-coach-why = Por quê? { $reason }
# O que uma decisão de uma pessoa custou quando não foi a melhor. $cost: um texto measure-change;
# $best: um review-best-action; $why: um texto coach-why-*.
plain-decision-cost = Isso custou { $cost }; o melhor era { $best }. Por quê? { $why }
# $on: on, off.
plain-coach-every = { $on ->
        [on] A análise está ligada em toda decisão (análise nunca a desliga).
       *[off] A análise fala quando pedida (a ou análise; análise sempre para toda decisão).
    }
plain-coach-working = A análise está calculando as chances de vitória; na primeira vez isso pode levar um minuto.
plain-coach-no-values = A análise não tem valores para esta posição.
plain-coach-no-decision = A análise pesa decisões: não há nenhuma antes de os dados serem lançados.
plain-record-saved = O registro da partida está salvo em { $path }.
plain-record-not-saved = Não foi possível salvar o registro da partida em { $path }: { $error }.
# O que está errado em --players. $number: o lugar do jogador na lista.
plain-players-no-name = o jogador { $number } não tem nome
plain-players-control-character = o nome do jogador { $number } tem um caractere de controle
plain-players-too-long = o nome do jogador { $number } tem mais de { $max } caracteres
plain-players-no-bot-name = jogador { $number }: bot: precisa ser seguido do nome de um bot
plain-players-same-name = dois jogadores se chamam { $name }
# Um bot citado em --players que não pode ser criado. $known: os nomes dos bots; $error: detalhe em inglês.
plain-unknown-bot = bot desconhecido '{ $spec }'; bots conhecidos: { $known }
plain-bad-bot = bot inválido '{ $spec }': { $error }

## `martian-dice turn`: o relatório de uma transcrição de turno (crates/cli/src/plain/messages.rs).
## As transcrições aparecem com as letras neutras T R H C K, como os registros as guardam.
turn-report-transcript = Transcrição: { $transcript }
turn-report-transcript-empty = Transcrição: (vazia)
turn-report-rules = Regras: { $rules }
turn-report-step-roll = Passo { $step }: lançou { $dice }: { $faces }
turn-report-tanks-aside = { $count ->
    [one] { $count } tanque separado à força
   *[other] { $count } tanques separados à força
}
turn-report-took = pegou { $faces }
turn-report-no-choice = nenhum tipo pode ser pego
turn-report-stop = Passo { $step }: parou
turn-report-balance = { $balance }.
turn-report-not-started = O turno ainda não começou: { $dice } para lançar.
# $choices: uma lista (list-or) de turn-report-choice.
turn-report-choosing = O lançamento { $roll } aguarda uma escolha: pegue { $choices }. O que está separado vale { $score } até agora.
turn-report-choice = { $letter } ({ $faces })
turn-report-deciding = A seguir: parar, marcando { $score }, ou lançar de novo { $count ->
        [one] o dado que sobrou
       *[other] os { $count } dados que sobraram
    }.
turn-report-over = O turno acabou ({ $end }): vale { $score }.

## `martian-dice replay`: a listagem da partida (crates/cli/src/plain/messages.rs). Os lugares
## são numerados a partir de 0, como no registro e nas suas mensagens de erro; as transcrições e
## os lançamentos vêm nas letras e palavras do leitor (V, G e parar).
replay-rules = Regras: { $rules }.
replay-seat = Lugar { $seat }: { $name }
replay-seat-bot = Lugar { $seat }: { $name } (bot)
replay-seat-bot-named = Lugar { $seat }: { $name } (bot { $bot })
replay-seed = Semente: { $seed }.
replay-round = Rodada { $round }:
replay-turn = { $name }: { $transcript } — marca { $score }, { $end }; { $total } no total.
replay-turn-unfinished = { $name }: { $transcript } — o turno está inacabado.
# $list: "Ana 10, Bob 7".
replay-totals = Totais depois da rodada { $round }: { $list }.
replay-roll-off-title = Desempate entre { $names }, empatados com { $points }:
# $list: itens replay-roll-off-roll separados por ", ".
replay-roll-off-round = Rodada de desempate { $round }: { $list }.
replay-roll-off-roll = { $name } { $roll } ({ $rays })
replay-unfinished = A partida está inacabada: { $you ->
        [yes] é o seu turno
       *[no] é o turno de { $name }
    } na rodada { $round }.
replay-roll-off-unfinished = A partida está inacabada: { $you ->
        [yes] você
       *[no] { $name }
    } deve lançar no desempate.
replay-cannot-read = não é possível ler { $file }: { $error }

## Os motivos da análise: por que a melhor opção de uma decisão é a melhor (martian_solver::Reason,
## crates/solver/src/explain.rs): a diferença exata entre a melhor opção e a segunda melhor
## dividida em partes, a maior nomeada por $cause: now (pontos garantidos agora), later (dados
## guardados para os próximos lançamentos), risk (de perder o turno para os tanques), bonus,
## situation (a situação da partida). Mostrados pelo jogo de terminal, pelo modo de linhas, por
## `advise`, pela análise da partida, pelo treino e pela página web, que envia exatamente estes
## argumentos. Inteiros: $held (o que parar marca), $earthlings, $dice, $other_dice, $count,
## $other_count, $now, $needed, $after, $opponents e os placares. Os números com decimais chegam
## formatados: $gain, $lost, $average, $later, $bonus_gain… em pontos; $risk, $bonus_chance… e
## $value, $other_value em porcentagem ($value em turnos quando $measure é turns). Palavras: $face,
## $other (uma pegada), $best_face, $other_face: death-ray, human, cow, chicken; $advice: stop,
## roll; $best, $other (a situação): stop, roll, take; $tanks: lead, hold, safe; $more_dice,
## $completes: yes, no; $points: agree, disagree; $case: turn-lost, game-decided, equal (empate)
## ou final-turn, reach-target, race, solo (a situação). $kinds_left (parar ou lançar): os tipos
## de terráqueo ainda não pegos (0: os dados que sobram só somam tanques e raios). A disputa:
## $needed (o que falta para o alvo, contando os pontos guardados), $standing: ahead, behind,
## level, por $margin; $near: yes, no (a 6 ou menos do alvo); $lean: sure (o placar da melhor
## opção varia menos), bold (varia mais).
coach-why-indifferent = { $case ->
        [turn-lost] Lançar de novo já não salva este turno: os tanques estão longe demais. Parando ou lançando, ele vale 0.
        [game-decided] Nada do que você fizer agora muda o resultado da partida.
       *[equal] As duas escolhas valem exatamente o mesmo aqui.
    }
coach-why-only-choice = Deste lançamento só dá para pegar { face-count }.
coach-why-as-good = Pegar { $face ->
        [death-ray] os raios da morte
        [human] os humanos
        [cow] as vacas
       *[chicken] as galinhas
    } ou { $other ->
        [death-ray] os raios da morte
        [human] os humanos
        [cow] as vacas
       *[chicken] as galinhas
    } vale o mesmo aqui.
# O grupo da outra pegada, como os motivos o nomeiam: "os 6 raios da morte", "a vaca".
coach-other-group = { $other ->
        [death-ray] { $other_count ->
            [1] o raio da morte
           *[other] os { $other_count } raios da morte
        }
        [human] { $other_count ->
            [1] o humano
           *[other] os { $other_count } humanos
        }
        [cow] { $other_count ->
            [1] a vaca
           *[other] as { $other_count } vacas
        }
       *[chicken] { $other_count ->
            [1] a galinha
           *[other] as { $other_count } galinhas
        }
    }
coach-why-take = Pegue { face-count }: { $cause ->
        [now] { $tanks ->
            [lead] os tanques estão na frente por enquanto, então o que você separa só conta se os raios da morte os alcançarem nos lançamentos seguintes; mesmo assim, o turno faz cerca de { $average } pontos em média, contra { $other_average } pegando { coach-other-group }.
           *[hold] { $now ->
                [1] é 1 ponto
               *[other] são { $now } pontos
            } a mais agora do que pegando { coach-other-group }, e o que os lançamentos seguintes somariam não compensa; o turno faz cerca de { $average } pontos em média, contra { $other_average }.
        }
        [later] { $more_dice ->
            [yes] { $dice ->
                [1] sobra 1 dado
               *[other] sobram { $dice } dados
            } para lançar, contra { $other_dice } pegando { coach-other-group }; o turno faz então cerca de { $average } pontos em média, contra { $other_average }.
           *[no] os lançamentos seguintes somam cerca de { $later } pontos em média, contra { $other_later } pegando { coach-other-group }; o turno faz cerca de { $average } pontos, contra { $other_average }.
        }
        [risk] é mais seguro: os tanques tiram cerca de { $lost } pontos do turno em média, contra { $other_lost } pegando { coach-other-group }.
       *[bonus] { $completes ->
            [yes] você completa um humano, uma vaca e uma galinha
           *[no] o bônus continua ao alcance
        }; os 3 pontos de bônus vêm em { $bonus_chance }% das vezes, contra { $other_bonus_chance }% pegando { coach-other-group }.
    }
coach-why-stop-or-roll = { $advice ->
        [roll] { $tanks ->
            [lead] Lance de novo: parar agora não marca nada, pois os tanques estão na frente{ $earthlings ->
                [0] {""}
                [1] {" "}(o terráqueo separado se perderia)
               *[other] {" "}(os { $earthlings } terráqueos separados se perderiam)
            }. Lançando, os raios da morte ainda podem alcançá-los: o turno faz então cerca de { $average } pontos em média.
            [safe] Lance de novo: os tanques já não alcançam os raios com { $dice ->
                [1] o dado que sobra, que soma
               *[other] os { $dice } dados que sobram, que somam
            } cerca de { $gain } pontos em média.
           *[hold] { $cause ->
                [bonus] Lance de novo pelo bônus, que vem em { $bonus_chance }% das vezes: os dados somam cerca de { $gain } pontos ao todo
               *[other] Lance de novo: { $held ->
                    [0] parar agora não marca nada, e { $dice ->
                        [1] o dado que sobra soma
                       *[other] os { $dice } dados que sobram somam
                    }
                   *[other] { $dice ->
                        [1] o dado que sobra soma
                       *[other] os { $dice } dados que sobram somam
                    }
                } cerca de { $gain } pontos em média
            }, mais do que os { $lost } pontos que os tanques tiram (eles terminam o turno na frente em { $risk }% das vezes{ $held ->
                [0] {""}
                [1] , e o ponto guardado se perde
               *[other] , e os { $held } pontos guardados se perdem
            }).
        }
       *[stop] { $kinds_left ->
            [0] Pare: todos os tipos de terráqueo já foram pegos, então { $dice ->
                [1] o dado que sobra só pode somar
               *[other] os { $dice } dados que sobram só podem somar
            } tanques e raios da morte: lançar arrisca { $held ->
                [1] o ponto guardado
               *[other] os { $held } pontos guardados
            } por nada (os tanques terminam o turno na frente em { $risk }% das vezes, tirando cerca de { $lost } pontos em média).
           *[other] Pare: lançar de novo termina o turno com os tanques na frente em { $risk }% das vezes{ $held ->
                [0] {""}
                [1] , e o ponto guardado se perde
               *[other] , e os { $held } pontos guardados se perdem
            }: cerca de { $lost } pontos em média, mais do que os { $gain } pontos que { $dice ->
                [1] o dado que sobra somaria
               *[other] os { $dice } dados que sobram somariam
            }.
        }
    }
# Uma opção de uma decisão nas palavras da situação (depois de uma chance, "34% parando").
coach-best-option = { $best ->
        [stop] parando
        [roll] lançando de novo
       *[take] pegando { $best_face ->
            [death-ray] os raios da morte
            [human] os humanos
            [cow] as vacas
           *[chicken] as galinhas
        }
    }
coach-other-option = { $other ->
        [stop] parando
        [roll] lançando de novo
       *[take] pegando { $other_face ->
            [death-ray] os raios da morte
            [human] os humanos
            [cow] as vacas
           *[chicken] as galinhas
        }
    }
coach-why-situation = { $case ->
        [final-turn] É a rodada final: com { $banked } no placar, você precisa de { $needed ->
            [1] 1 ponto
           *[other] { $needed } pontos
        } neste turno para passar os { $leader } do líder{ $held ->
            [0] {""}
           *[other] {" "}({ $held } guardados até agora)
        }{ $after ->
            [0] , e ninguém joga depois de você.
            [1] , e mais um jogador joga depois de você.
           *[other] , e mais { $after } jogadores jogam depois de você.
        }
        [reach-target] Parando, você chega a { $total } e alcança o alvo de { $target }: { $after ->
            [0] a partida termina com o seu turno.
            [1] a rodada termina, mas o jogador depois de você ainda tem um último turno para passar você.
           *[other] a rodada termina, mas { $after } adversários ainda têm um último turno para passar você.
        }
        [race] { $opponents ->
            [1] Com { $banked } contra os { $leader } do seu adversário
           *[other] Com { $banked } contra os { $leader } do líder
        }{ $standing ->
            [ahead] {" "}(você lidera por { $margin })
            [behind] {" "}(você está { $margin } atrás)
           *[level] {""}
        }, { $held ->
            [0] {""}
            [1] com o ponto guardado,{" "}
           *[other] com os { $held } pontos guardados,{" "}
        }{ $needed ->
            [1] falta 1 ponto para { $target }
           *[other] faltam { $needed } pontos para { $target }
        }: { $lean ->
            [sure] { $near ->
                [yes] mais que { $needed } vale pouco: o garantido vale mais que a aposta
               *[no] { $standing ->
                    [ahead] na frente, o garantido vale mais que a aposta
                   *[other] o garantido vale mais que uma aposta de mesma média
                }
            }
           *[bold] { $standing ->
                [behind] um placar pequeno não alcança o líder: os placares altos { coach-best-option } valem mais que a média deles
               *[other] os placares altos { coach-best-option } valem mais que a média deles
            }
        }{ $points ->
            [agree] {"."}
           *[disagree] , embora só os pontos favoreçam { coach-other-option }.
        }
       *[solo] Sozinho, o que conta é chegar a { $target } no menor número de turnos{ $points ->
            [agree] {"."}
           *[disagree] : se contassem só os pontos, você faria melhor { coach-other-option }.
        }
    } { $measure ->
        [turns] Turnos até { $target }, em média: { $value } { coach-best-option }, contra { $other_value } { coach-other-option }.
       *[win] Sua chance de vencer: { $value }% { coach-best-option }, contra { $other_value }% { coach-other-option }.
    }

## Uma carta de estratégia numa decisão (`--card` de advise, train e review;
## crates/review/src/card.rs): o que a carta faria, a linha que o diz e o custo contra a melhor.
## $line: o número da linha (0: nenhuma linha vale, a jogada padrão da carta); $text: a linha,
## citada; $action: take, stop, roll; $face: death-ray, human, cow, chicken; $right: yes, no;
## $loss: uma perda com a sua unidade; $best: um texto card-action.
card-action = { $action ->
        [stop] parar
        [roll] lançar de novo
       *[take] pegar { $face ->
            [death-ray] os raios da morte
            [human] os humanos
            [cow] as vacas
           *[chicken] as galinhas
        }
    }
card-move = { $line ->
        [0] Nenhuma linha da carta vale aqui: a jogada padrão dela é { $doing }.
       *[other] A linha { $line } da carta manda { $doing }: “{ $text }”
    }
card-verdict = { $right ->
        [yes] A carta acerta aqui: é a melhor jogada.
       *[no] Seguir a carta aqui custa { $loss }: o melhor é { $best }.
    }

## O jogo de terminal: `martian-dice play` em tela cheia e `martian-dice replay ARQUIVO` num
## terminal (crates/tui/src/messages.rs). Os títulos dos painéis ganham o espaçamento do código.
## $name: o nome de um jogador; $names: uma lista de nomes; $dice: um dice-count; $points: um
## texto `points`; as teclas ($key, $coach, $quit…) são letras de tui-key, mostradas entre
## colchetes; os decimais chegam formatados ($percent…). A tela tem 80×24: textos curtos.
tui-title = MARTIAN DICE
tui-card-move = { $line ->
        [0] Nenhuma linha da carta vale aqui: a jogada padrão é { $doing }.
       *[other] Linha { $line } da carta: “{ $text }”
    }
tui-card-verdict = { $right ->
        [yes] A carta acerta aqui.
       *[no] Segui-la custa { $loss }: o melhor é { $best }.
    }
tui-replay-title = MARTIAN DICE · reprodução
# As teclas: r raio da morte (m também), h humano, v vaca, g galinha (as letras dos dados),
# p parar, l lançar, a análise, s salvar, n nova partida, s sim. A primeira letra é a mostrada;
# todas valem. As teclas inglesas continuam valendo (um teste confere que nenhuma tecla tem dois
# sentidos na mesma tela).
tui-key = { $action ->
    [death-ray] rm
    [human] h
    [cow] v
    [chicken] g
    [stop] p
    [roll] l
    [coach] a
    [fast] f
    [save] s
    [new] n
    [view] t
    [review] r
    [quit] q
    [card] e
   *[yes] s
}
tui-seed = semente { $seed }
tui-turn-of = { $you ->
        [yes] Seu turno
       *[no] Turno de { $name }
    }
tui-turn-over-of = { $you ->
        [yes] Fim do seu turno
       *[no] Fim do turno de { $name }
    }
tui-panel-scores = Placar
tui-panel-log = Histórico
tui-panel-log-scrolled = Histórico ↓ mais { $below }
tui-panel-coach = Análise
tui-panel-choices = Opções
tui-panel-roll-off = Desempate: mais raios da morte vence
tui-panel-help = Ajuda
tui-panel-setup = Nova partida
tui-panel-save = Salvar o registro da partida
tui-panel-quit = Sair
tui-round = Rodada { $round }
tui-final-round = rodada final
tui-rules-line = { $dice } · alvo { $target }
tui-head-player = Jogador
tui-head-total = Total
tui-head-last = Últ.
tui-trigger-legend = ★ chegou primeiro ao alvo
tui-winner-legend = ♦ venceu · ★ chegou 1º a { $target }
tui-rolled = Lançou { $dice }
tui-rolled-with-tanks = Lançou { $dice }: { $tanks ->
        [0] nenhum tanque
        [one] { $tanks } tanque separado à força
       *[other] { $tanks } tanques separados à força
    }
tui-rolled-and-took = Lançou { $dice }, pegou { $taken }
tui-to-roll = { $dice } para lançar
tui-nothing-rolled = Nenhum dado lançado ainda neste turno.
tui-set-aside = Separados
tui-no-earthlings = nenhum terráqueo ainda
# Os tanques contra os raios: a salvo quando nenhum lançamento dos dados restantes pode pôr os
# tanques na frente, em risco quando os raios seguram mas os tanques ainda podem passá-los.
tui-meter-tanks = Tanques
tui-meter-rays = Raios
tui-meter-safe = a salvo
tui-meter-danger = perigo!
tui-meter-hold = em risco
tui-stop-now = { $phase ->
        [choosing] { $reason ->
            [busted] Até agora: { $score } (mais tanques que raios)
            [bonus] Até agora: { $score } (com o bônus de +3)
           *[plain] Até agora: { $score }
        }
       *[deciding] { $reason ->
            [busted] Se parar agora: { $score } (mais tanques que raios)
            [bonus] Se parar agora: { $score } (com o bônus de +3)
           *[plain] Se parar agora: { $score }
        }
    }
tui-turn-result = { $end ->
        [stop] Parou
        [no-dice] Acabaram os dados
       *[no-choice] Nada podia ser pego
    }: { $points }
tui-busted-result = ESTOUROU! Mais tanques que raios: { $points }
tui-bonus-banner = BÔNUS +3
# Curto, para caber na linha das opções; a tecla já diz o tipo (h humano, v vaca, g galinha).
tui-taken-already = { $face ->
   *[other] já pegou
}
tui-none-rolled = { $face ->
    [tank] sem tanques
    [death-ray] sem raios
    [human] sem humanos
    [cow] sem vacas
   *[chicken] sem galinhas
}
tui-stop-label = parar, marcar { $score }
tui-roll-label = lançar { $dice }
tui-your-roll = { $name }: tecle [{ $key }] para lançar { $dice }
tui-bot-thinking = { $name } está jogando… [espaço] próximo passo, [{ $fast }] avançar
# As tabelas exatas que a partida lê (bots que jogam com perfeição, a análise), calculadas uma
# vez para as regras e guardadas em disco. $stage: duel, trio, quad; $cached: yes (lidas do
# cache), no (calculadas); $percent: quanto já foi, em por cento inteiro, ou none antes do
# primeiro aviso.
tui-tables = { $cached ->
        [yes] Lendo do cache as tabelas de { $stage ->
            [duel] dois jogadores
            [quad] quatro jogadores
           *[trio] três jogadores
        }…
       *[no] Calculando as tabelas de { $stage ->
            [duel] dois jogadores
            [quad] quatro jogadores
           *[trio] três jogadores
        }, uma vez para estas regras … { $percent ->
            [none] começando
           *[other] { $percent }%
        }
    }
# Abaixo, enquanto um bot espera por elas.
tui-tables-bot = { $name } joga por estas tabelas: joga assim que ficarem prontas.
tui-roll-off-your-roll = { $name }: tecle [{ $key }] para lançar { $dice } no desempate
tui-hint-game = [{ $coach }] análise  [?] ajuda e faces  [↑↓] histórico  [{ $quit }] sair
tui-end-key = { $action ->
        [save] salvar registro
        [new] nova partida
        [results] resultado
        [table] mesa
        [review] revisão
       *[quit] sair
    }
tui-hint-replay = [←/→] passo  [PgUp/PgDn] turno  [Home/End]  [{ $coach }] análise  [{ $review }] revisão  [{ $quit }] sair
tui-take-all-of-one = Pegue todos os dados de um tipo; tanques vão à força. [{ $coach }] análise  [?] ajuda
tui-stop-or-roll-hint = Parar garante os pontos; lançar arrisca mais tanques. [{ $coach }] análise  [?] ajuda
tui-log-turn-head = — { $name }, rodada { $round } —
tui-log-rolled = lançou { $letters }
tui-log-rolled-with-tanks = lançou { $letters }: { $tanks ->
        [0] nenhum tanque
        [one] { $tanks } tanque separado
       *[other] { $tanks } tanques separados
    }
tui-log-action = { $action ->
        [take] pegou { $faces }
        [stop] parou
       *[roll] lançou de novo
    }
tui-log-result = { $end ->
        [stop] parou
        [no-dice] acabaram os dados
       *[no-choice] nada para pegar
    }{ $result ->
        [busted] , estourou: { $points }
       *[scored] : { $points }
    }
# Curto: a linha do histórico tem 48 caracteres.
tui-log-roll-off = desempate: { $name } tirou { $letters }, { $rays ->
        [0] nenhum raio
        [one] { $rays } raio
       *[other] { $rays } raios
    }
tui-log-roll-off-tied = empate de novo: lançam outra vez
tui-roll-off-between = Empatados com mais pontos: { $names }
tui-roll-off-round = Desempate, rodada { $round }
tui-wins = { $you ->
        [yes] Você venceu!
       *[no] Vitória de { $name }!
    }
tui-share-victory = Vitória compartilhada: { $names }
tui-won-roll-off = { $name } venceu o desempate.
tui-panel-game-over = Fim de partida
tui-end-round = Rodada
tui-end-total = Total
tui-end-legend = ♦ vencedor{ $triggered ->
        [yes] {"  "}★ chegou primeiro a { $target }
       *[no] {""}
    }  ▁▃▆█ o total depois de cada rodada
tui-end-biggest = Maior turno: { $name }, { $points } na rodada { $round }{ $bonus ->
        [yes] , com o bônus
       *[no] {""}
    }.
tui-end-no-score = Nenhum turno marcou ponto.
tui-end-trigger = ★ { $name } chegou a { $target } na rodada { $round }: { $end ->
        [immediate] a partida acabou ali.
       *[complete-round] aquela rodada foi a última.
    }
tui-end-roll-off-round = Desempate, rodada { $round }: { $list } raios da morte.
# A tela do fim leva à revisão: a precisão e o maior erro de cada pessoa, e a tecla.
# $key: a tecla da revisão; $decision: um tui-review-decision.
tui-end-review-working = Revendo as decisões… [{ $key }] abre a revisão.
tui-end-biggest-mistake = Maior erro: { $decision }
tui-end-no-mistake = Nenhuma imprecisão, erro ou erro grave: cada decisão foi a melhor ou quase.
tui-end-review-key = [{ $key }] a revisão completa: cada decisão, o seu valor e por quê.
tui-saved = Registro salvo em { $path }
tui-save-failed = Não foi possível salvar: { $error }
tui-save-as = Salvar o registro como:
tui-save-hint = [enter] salvar  [esc] cancelar
tui-confirm-quit = Sair desta partida? [{ $yes }] sim  [outra tecla] não
tui-coach-off = Tecle [{ $coach }] para ver o valor de cada opção.
tui-coach-wait = Análise: esperando uma decisão sua.
# Num replay (ninguém é "você"): quem joga lança primeiro, ou a decisão é dessa pessoa.
tui-coach-wait-for = Análise: { $name } vai lançar; a análise pesa decisões.
tui-coach-whose = Decisão de { $name }
tui-coach-unavailable = A análise precisa do solucionador, que ainda não está incluído.
tui-coach-no-values = Sem valores para esta posição.
tui-coach-working = A sua chance de vitória está sendo calculada: ela vem na próxima decisão.
tui-coach-win = chance de vitória
tui-coach-turn = pontos esperados no turno
tui-coach-turns = turnos esperados até { $target }
# Uma opção na lista da análise (28 colunas com o valor).
tui-coach-option = { $action ->
        [take] { $face ->
            [tank] tanques
            [death-ray] raios
            [human] humanos
            [cow] vacas
           *[chicken] galinhas
        }
        [stop] parar
       *[roll] lançar
    }
# A opção ótima (curto: a coluna tem 28 caracteres).
tui-coach-best = ótima
# O custo de uma decisão, em duas linhas de 28 colunas. $action: um tui-coach-option.
tui-coach-last = Última: { $action }
tui-coach-played = ▸ jogado: { $action }
# O que uma decisão custou, sob o título (28 colunas). $cost: um texto measure-change (uma perda).
tui-review-cost = { $cost }
tui-review-best = a melhor
# O motivo da análise, sob as teclas. $reason: um texto coach-why-*.
tui-coach-why = Por quê? { $reason }
# A carta de estratégia da análise ([e] passa por elas; sob as teclas, os textos card-move e
# card-verdict dizem o que ela faz). A marca da opção que a carta joga, ao lado dos valores
# (tão curta quanto tui-coach-best).
tui-coach-card-tag = carta
# Que carta a análise cita, na linha de estado depois da tecla. $card: none, shipped (a melhor
# carta de $lines linhas), file ($file: o nome do arquivo da carta); $key: a sua tui-key.
tui-coach-card = { $card ->
        [none] A análise não cita carta agora. [{ $key }] a próxima carta
        [shipped] A análise cita a melhor carta de { $lines } { $lines ->
            [one] linha
           *[other] linhas
        }. [{ $key }] a próxima carta
       *[file] A análise cita a sua carta { $file }. [{ $key }] a próxima carta
    }
# O título do painel da análise quando ela cita uma carta (28 colunas). $card, $lines, $file:
# como acima.
tui-panel-coach-card = { $card ->
        [shipped] Análise · carta de { $lines } { $lines ->
            [one] linha
           *[other] linhas
        }
       *[file] Análise · { $file }
    }
tui-setup-language = Idioma
tui-setup-players = Jogadores
tui-setup-seat = Lugar { $seat }
tui-setup-human = pessoa: { $name }
tui-setup-bot = bot: { $name }
tui-setup-order = Ordem
tui-order = { $order ->
        [random-first] primeiro jogador sorteado
        [shuffle] embaralhar os lugares
       *[as-listed] na ordem da lista
    }
tui-setup-dice = Dados
tui-setup-target = Alvo
tui-setup-bonus = Bônus
tui-setup-end = Fim
tui-setup-tie = Empate
tui-setup-seed = Semente
tui-setup-seed-random = aleatória (digite números para fixar)
tui-setup-coach = Análise
tui-coach-mode = { $mode ->
        [always] a cada decisão
       *[on-demand] quando pedida [{ $coach }]
    }
tui-setup-pace = Ritmo dos bots
tui-setup-start = Começar a partida
tui-setup-hints = [↑↓←→] escolher  [<>] mover lugar  [enter] começar  [?] ajuda  [esc] sair
tui-bonus-rule = { $bonus ->
        [any-earthling] +3 por qualquer terráqueo
       *[one-of-each] +3 por um humano, uma vaca e uma galinha
    }
tui-end-rule = { $end ->
        [immediate] o jogo acaba na hora
       *[complete-round] a rodada é completada
    }
tui-tie-rule = { $tie ->
        [shared] vitória compartilhada
       *[roll-off] desempate por raios da morte
    }
tui-pace = { $pace ->
        [instant] instantâneo
       *[timed] { $seconds } s por passo
    }
tui-default-player = Jogador { $number }
tui-bot-player = { $bot ->
        [random] Aleatório
        [aggressive] Agressivo
        [defensive] Defensivo
        [greedy] Ganancioso
        [optimal] Ótimo
        [easy] Fácil
        [medium] Médio
        [hard] Difícil
       *[other] { $name }
    }
tui-bot-about = { $bot ->
        [random] { $name }: pega um tipo permitido ao acaso; para na metade das vezes
        [aggressive] { $name }: pega o maior grupo seguro de terráqueos, nunca para por escolha
        [defensive] { $name }: garante os raios da morte e para cedo
        [greedy] { $name }: maximiza os pontos esperados de cada turno (exato)
        [optimal] { $name }: maximiza a chance de vencer a partida (exato até 3 jogadores)
        [easy] { $name }: um iniciante: muitas vezes escolhe uma opção um pouco pior, às vezes uma ruim
        [medium] { $name }: um jogador razoável: pequenos erros de vez em quando
        [hard] { $name }: um jogador forte: erros raros e pequenos
        [card-1] { $name }: segue o melhor cartão de estratégia de 1 linha (docs/strategy.md)
        [card-3] { $name }: segue o melhor cartão de estratégia de 3 linhas (docs/strategy.md)
        [card-5] { $name }: segue o melhor cartão de estratégia de 5 linhas (docs/strategy.md)
       *[other] { $name }: { $summary }
    }
tui-bot-failed = { $name } não conseguiu jogar: { $error }
tui-illegal = Agora não: { $reason }
tui-not-your-turn = Não é o seu turno: [espaço] próximo passo, [{ $fast }] avançar
tui-stopped-by-signal = a partida foi interrompida por um sinal
tui-terminal-gone = o terminal foi fechado: a partida parou
tui-too-small = Aumente o terminal para pelo menos { $width }×{ $height }
tui-choose-first = primeiro pegue um tipo de dado
tui-stop-or-roll = pare [{ $stop }] ou lance de novo [{ $roll }]
tui-not-now = não é a sua jogada
tui-replay-position = Passo { $step } de { $steps } · turno { $turn } de { $turns }
tui-replay-next = A seguir: { $name }
tui-help =
    A cada turno: lance; os tanques ficam separados à força; então
    pegue TODOS os dados de um tipo: [{ $ray }] raios, [{ $human }] humanos,
    { "[" }{ $cow }] vacas, [{ $chicken }] galinhas. Cada terráqueo uma vez por turno;
    raios sempre. Depois [{ $stop }] pare e marque, ou [{ $roll }] lance o resto.
    Com mais tanques que raios da morte, o turno vale 0.
    1 ponto por terráqueo; +3 por um humano, uma vaca e uma galinha.
    Quem chega ao alvo encerra o jogo depois da rodada.
    { "" }
    { "[" }{ $coach }] análise: valor e motivo de cada opção  [espaço] bot
    { "[" }{ $fast }] avançar  [↑↓ PgUp PgDn] histórico  [{ $quit }] sair  tecla fecha
    { "[" }{ $card }] a análise cita uma carta: de 1, 3, 5 linhas, a sua, nenhuma
tui-faces-legend = Faces:
tui-setup-help =
    { "[" }↑↓] escolha um campo, [←→] mude o valor.
    Um lugar é uma pessoa ou um bot: [←→] nele passa por todos.
    Digite o nome de uma pessoa no lugar, ou dígitos num número: a
    primeira tecla substitui o que o campo tinha; backspace apaga.
    { "[" }<] [>] sobem ou descem o lugar escolhido na mesa.
    Modo: partida, ou treino (posições a responder, com placar).
    { "[" }enter] começa a partida, [esc] sai.


## A revisão da partida e o treino no terminal (crates/tui/src/messages/review.rs).
tui-review-title = MARTIAN DICE · revisão
tui-review-chart = { $measure ->
        [expected-turns] Duração esperada da partida, em turnos, após cada turno
       *[win-probability] Chance de vencer após cada turno
    }{ $approximate ->
        [yes] {" "}(≈ aproximação)
       *[no] {""}
    }
tui-review-x = turnos
tui-review-roll-off-x = desempate
tui-review-list = Decisões, os maiores erros primeiro
tui-review-list-scrolled = Decisões · linhas { $from }–{ $to } de { $count }
tui-review-working = Calculando o valor de cada decisão… Na primeira vez com estas regras o resolvedor precisa de um momento: menos de um segundo para dois jogadores, alguns segundos para três ou cinco e mais, um ou dois minutos para quatro.
tui-review-lost = Não foi possível calcular a revisão: o resolvedor falhou.
tui-review-failed = A partida não pode ser revista: { $error }
tui-review-approximate = { $valuation ->
        [trio-reduction] ≈ Com cinco jogadores ou mais (ou quatro além do limite do jogo de quatro jogadores) os valores são uma aproximação: a chance de cada jogador no jogo exato de três jogadores entre ele e seus dois adversários mais fortes, como o bot ótimo joga (por isso as chances podem não somar 100%).
       *[duel-reduction] ≈ Os valores são uma aproximação: a chance de cada jogador no duelo exato entre ele e seu adversário mais forte, como o bot ótimo joga (por isso as chances podem não somar 100%).
    }
tui-review-unfinished = O registro termina antes do fim da partida: ele é revisto até onde vai.
tui-review-stopped = { $turn ->
        [0] A revisão para depois dos turnos: { $kind ->
            [record] o registro quebra as regras aí ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão aí.
        }
       *[other] A revisão para no turno { $turn }: { $kind ->
            [record] o registro quebra as regras aí ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão aí.
        }
    }
tui-review-seat = { $name }: precisão { $accuracy } em { $decisions ->
        [one] { $decisions } decisão
       *[other] { $decisions } decisões
    } ({ $best ->
        [0] nenhuma melhor
        [one] { $best } melhor
       *[other] { $best } melhores
    }, { $inaccuracies ->
        [0] 0 imprecisões
        [one] { $inaccuracies } imprecisão
       *[other] { $inaccuracies } imprecisões
    }, { $mistakes ->
        [0] 0 erros
        [one] { $mistakes } erro
       *[other] { $mistakes } erros
    }, { $blunders ->
        [0] 0 erros graves
        [one] { $blunders } erro grave
       *[other] { $blunders } erros graves
    }); sorte { $luck }, habilidade { $skill }.
tui-review-seat-none = { $name }: nenhuma decisão com escolha.
tui-review-mistakes = Os maiores erros
tui-review-no-mistakes = Nenhuma imprecisão, erro ou erro grave: cada escolha foi a melhor ou ficou a menos de { $least } dela.
tui-review-all = Todas as decisões, em ordem
tui-review-decision = Turno { $turn } (rodada { $round }), { $name }, { $position }: { $verdict }
tui-review-verdict = { $class ->
        [forced] { $action } (a única escolha)
        [best] { $action }: melhor
        [inaccuracy] { $action }: imprecisão ({ $loss }); melhor: { $best }
        [mistake] { $action }: erro ({ $loss }); melhor: { $best }
       *[blunder] { $action }: erro grave ({ $loss }); melhor: { $best }
    }
tui-review-action = { $action ->
        [stop] parou
        [roll] lançou de novo
       *[take] { $face ->
            [death-ray] pegou os raios da morte
            [human] pegou os humanos
            [cow] pegou as vacas
           *[chicken] pegou as galinhas
        }
    }
tui-review-best-action = { $action ->
        [stop] parar
        [roll] lançar de novo
       *[take] { $face ->
            [death-ray] pegar os raios da morte
            [human] pegar os humanos
            [cow] pegar as vacas
           *[chicken] pegar as galinhas
        }
    }
tui-review-mark = { $class ->
        [forced] única escolha
        [best] melhor
        [inaccuracy] imprecisão { $loss }
        [mistake] erro { $loss }
       *[blunder] erro grave { $loss }
    }
tui-hint-review = [↑↓ PgUp/PgDn] rolar  [Home/End]  [esc] voltar  [{ $quit }] sair
tui-replay-verdict = Jogada aqui: { $name } { $verdict }
tui-replay-reviewing = Revisão: calculando o valor de cada decisão…
tui-setup-mode = Modo
tui-mode = { $mode ->
        [trainer] treino
       *[game] partida
    }
tui-setup-theme = Posições
tui-train-theme = { $theme ->
        [any] de todo tipo
        [tanks-close-to-rays] tanques perto dos raios
        [final-round] a rodada final
       *[bonus-hunting] em busca do bônus
    }
tui-setup-start-trainer = Começar o treino
tui-setup-hints-trainer = [↑↓←→] escolher, ou digitar  [enter] começar  [?] ajuda  [esc] sair
tui-mode-about = { $mode ->
        [trainer] Treino: posições de partidas de 1 a 4 jogadores (a linha Jogadores) jogadas com perfeição, em que uma opção é claramente a melhor, escolhidas pelo que ensinam; os tipos que você erra voltam. Valem as regras abaixo.
       *[game] Uma partida nesta tela, contra bots ou amigos; [←→] aqui passa para o treino.
    }
tui-trainer-players = As posições do treino vêm de partidas de 1 a 4 jogadores: ponha 1, 2, 3 ou 4 em Jogadores.
tui-trainer-theme-never = Nenhuma posição deste tipo ocorre em { $players ->
        [one] partidas solo
       *[other] partidas de { $players } jogadores
    } com estas regras.
tui-trainer-title = MARTIAN DICE · treino
tui-trainer-working = Procurando uma posição… Na primeira vez com estas regras o resolvedor precisa de um momento: cerca de um segundo para dois jogadores, até um minuto para três.
tui-trainer-none = Não se encontrou outra posição deste tipo com estas regras.
tui-trainer-failed = O treino não pode começar: { $error }
tui-panel-position = Posição { $number } · rodada { $round }
tui-panel-values = Valores
tui-panel-trainer = Treino
tui-trainer-final-round = Rodada final: um jogador alcançou o alvo.
tui-trainer-ask = Sua escolha, com as teclas do jogo: aqui uma opção é claramente a melhor.
tui-trainer-right = Certo: { $action } é o melhor.
tui-trainer-wrong = Não é o melhor: { $action } é { $class ->
        [inaccuracy] uma imprecisão
        [mistake] um erro
       *[blunder] um erro grave
    } ({ $loss }); o melhor é { $best }.
tui-trainer-thumb = { $thumb ->
        [most-dice] A regra prática "pegue o tipo com mais dados" faria { $action }
       *[stop-at-six] A regra prática "pare com 6 pontos ou mais" faria { $action }
    }: { $right ->
        [yes] acerta aqui.
       *[no] erra aqui.
    }
tui-trainer-rolled = { $count ->
        [1] 1 dado lançado.
       *[other] { $count } dados lançados.
    }
tui-trainer-left = { $count ->
        [1] Resta 1 dado para lançar.
       *[other] Restam { $count } dados para lançar.
    }
tui-trainer-score = Acertos: { $best } de { $answered } · { $lost ->
        [no] nada perdido
       *[yes] { $loss }
    }
tui-trainer-you-chose = ▸ sua resposta
tui-hint-trainer = [espaço] próxima posição
tui-hint-trainer-keys = [?] ajuda e faces  [esc] preparo  [{ $quit }] sair

## A página web: `martian-dice serve` (crates/server/assets/app.js, i18n.js; formatada no navegador
## por assets/fluent.js). $name: o nome de um jogador; $bot: o nome de um bot como a linha de
## comando o aceita; contagens e pontos são números; $percent chega formatado. Os valores de
## seleção são as palavras do próprio protocolo (códigos de erro, mensagens rápidas, regras).
web-title = Martian Dice
web-tagline = Abduza terráqueos, cuidado com os tanques.
web-language = Idioma
web-your-name = Seu nome
web-create-room = Criar uma sala
web-join = Entrar
web-watching = Você está assistindo a esta sala.
web-invite = Link de convite — mande para os seus amigos:
web-room-code-tell = Os amigos digitam este código na página inicial, ou leem a figura com a câmera.
web-qr-alt = Código QR do link de convite
web-room-options = Opções da sala
web-option-public = Deixar esta sala pública: qualquer pessoa pode entrar pela página inicial
web-option-spectator-chat = Quem assiste pode escrever no chat
web-option-lang = Idioma da sala (mostrado na lista de salas públicas)
# $public, $chat: yes, no.
web-options-changed = O anfitrião mudou as opções da sala: { $public ->
        [yes] pública
       *[no] privada
    }, { $chat ->
        [yes] quem assiste pode escrever no chat.
       *[no] só os jogadores escrevem no chat.
    }
# O que o anfitrião mudou, lido para os outros. $rules: um web-rules-summary; $timer: um web-timer-value ou web-timer-off.
web-rules-changed = O anfitrião mudou as regras: { $rules }. Tempo por turno: { $timer }.
web-leave = Sair
web-leave-stay = Ficar
# A pergunta antes de sair de vez. $when: lobby, game, over, line.
web-leave-ask = { $when ->
        [game] Sair da partida? Um bot joga no seu lugar até o fim dela.
        [line] Desistir do seu lugar na próxima partida?
       *[other] Sair desta sala? Você deixa o seu lugar.
    }
# $game: yes quando há uma partida em andamento ou terminada (um bot joga o lugar), no na sala de espera.
web-left-seat = { $game ->
        [yes] { $name } saiu: um bot joga no lugar dessa pessoa.
       *[no] { $name } saiu da sala.
    }
web-stale-title = O seu lugar está sendo jogado em outro lugar
web-stale-continue = Jogar aqui
web-copy = Copiar
web-copied = Copiado!
web-players = Jogadores
web-score = Pontos
web-tag-host = anfitrião
web-tag-you = você
# Um bot sentado com o próprio nome, e um lugar jogado por um bot com outro nome.
web-tag-is-bot = bot
web-tag-bot = bot: { web-bot-name }
web-tag-left = saiu
web-tag-stand-in = um bot joga no lugar
web-add-bot = Adicionar um bot
web-add = Adicionar
web-remove = Remover
web-hand-to-bot = Passar o lugar a um bot
# $bot: o nome do bot como a linha de comando o aceita; outro bot qualquer aparece com esse nome.
web-bot-name = { $bot ->
        [card-1] Cartão de 1 linha
        [card-3] Cartão de 3 linhas
        [card-5] Cartão de 5 linhas
        [random] aleatório
        [aggressive] agressivo
        [defensive] defensivo
        [greedy] ganancioso
        [optimal] ótimo
        [easy] fácil
        [medium] médio
        [hard] difícil
       *[other] { $bot }
    }
# O segundo bot de um tipo e assim por diante: "difícil 2".
web-bot-numbered = { web-bot-name } { $number }
# O que um bot faz. $summary: a descrição do próprio servidor, em inglês, para outro bot qualquer.
web-bot-summary = { $bot ->
        [random] pega um tipo permitido ao acaso; para na metade das vezes
        [aggressive] pega o maior grupo seguro de terráqueos, nunca para por escolha
        [defensive] garante os raios da morte e para cedo
        [greedy] maximiza os pontos esperados de cada turno (exato)
        [optimal] maximiza a chance de vencer a partida (exato até 3 jogadores)
        [easy] um iniciante: muitas vezes escolhe uma opção um pouco pior, às vezes uma ruim
        [medium] um jogador razoável: pequenos erros de vez em quando
        [hard] um jogador forte: erros raros e pequenos
        [card-1] segue o melhor cartão de estratégia de 1 linha
        [card-3] segue o melhor cartão de estratégia de 3 linhas
        [card-5] segue o melhor cartão de estratégia de 5 linhas
       *[other] { $summary }
    }
web-rules = Regras
web-dice = Dados
web-target = Pontuação-alvo
web-bonus = Bônus
# $bonus: one-of-each, any-earthling.
web-bonus-choice = { $bonus ->
        [any-earthling] qualquer terráqueo
       *[one-of-each] um humano, uma vaca e uma galinha (oficial)
    }
web-end = Fim
# $end: complete-round, immediate.
web-end-choice = { $end ->
        [immediate] acabar na hora
       *[complete-round] completar a rodada (oficial)
    }
web-tie = Empate
# $tie: roll-off, shared.
web-tie-choice = { $tie ->
        [shared] vitória compartilhada
       *[roll-off] desempate nos raios da morte (oficial)
    }
web-rules-summary = { web-dice }: { $dice } · { web-target }: { $target } · { web-bonus-choice } · { web-end-choice } · { web-tie-choice }
web-apply-rules = Aplicar as regras
web-timer = Tempo por turno
web-timer-seconds = segundos (0 = sem limite)
web-timer-auto = segundos (automático: sem limite enquanto uma pessoa joga com bots, 60 com duas pessoas ou mais)
web-on-timeout = Quando o tempo acabar
# $on: bot, stop.
web-on-timeout-choice = { $on ->
        [stop] o turno é encerrado
       *[bot] um bot joga o turno
    }
web-apply-timer = Aplicar o tempo
web-start = Começar a partida
web-waiting-for-host = Esperando o anfitrião começar…
web-round = Rodada { $round }
web-turn-of = Vez de { $name }
web-your-turn = Sua vez!
web-roll = Lançar os dados
web-roll-again = Lançar de novo
web-roll-off-roll = Lançar no desempate
web-stop = Parar e marcar { $points ->
        [0] 0 pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }
# Pegar todos os dados de uma face: "Pegar 3 galinhas". $face e $count como em face-count.
web-take = Pegar { face-count }
web-rolled = Lançamento
web-aside = Separados
web-nothing-yet = nada ainda
web-tanks-vs-rays = Tanques { $tanks } × { $rays ->
        [0] 0 raios da morte
        [one] { $rays } raio da morte
       *[other] { $rays } raios da morte
    }
web-tanks-lead = Os tanques estão na frente: este turno vale 0 se você não pegar mais raios.
web-rays-hold = Os raios seguram os tanques.
web-turn-score = Neste turno: { $points ->
        [0] 0 pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }
web-dice-left = { $count ->
        [0] não sobra nenhum dado
        [one] sobra { $count } dado
       *[other] sobram { $count } dados
    }
# $you: yes quando $name é quem lê, com quem a página fala.
web-last-round = { $you ->
        [yes] Você chegou a { $target }: esta é a última rodada!
       *[no] { $name } chegou a { $target }: esta é a última rodada!
    }
web-triggered-end = { $name } chegou a { $target } primeiro, e esta virou a última rodada.
web-roll-off = Desempate
web-roll-off-intro = Empate na liderança: cada um lança 6 dados; quem tirar mais raios da morte vence.
web-roll-off-round = Rodada { $round }
web-rays-count = { $count ->
        [0] 0 raios
        [one] { $count } raio
       *[other] { $count } raios
    }
web-game-over = Fim de jogo
web-winner = { $name } venceu!
web-winners = Vitória compartilhada: { $names }
web-rematch = Revanche
# A revanche passa a vez de começar para o próximo. $you: yes quando $name é quem lê.
web-rematch-first = { $you ->
        [yes] Na revanche você começa.
       *[no] Na revanche { $name } começa.
    }
web-seats-rotated = { $you ->
        [yes] Revanche: você começa.
       *[no] Revanche: { $name } começa.
    }
web-seats-drawn = { $you ->
        [yes] Partida valendo rating: os lugares foram sorteados, e você começa.
       *[no] Partida valendo rating: os lugares foram sorteados; { $name } começa.
    }
web-waiting-rematch = O anfitrião pode começar uma revanche.
web-download = Baixar o registro
web-replay = Assistir de novo
web-finished-games = Partidas terminadas
web-game-number = Partida { $number }
web-log = Turnos
# Por que um turno acabou, em resumo. $end: stop, no-dice, no-choice.
web-turn-end = { $end ->
        [stop] parou
        [no-dice] acabaram os dados
       *[no-choice] nada para pegar
    }
web-scored = { $name } marcou { $points ->
        [0] 0 pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    } ({ web-turn-end })
web-time-left = { $seconds } s
# $you: yes quando $name é quem lê; $on: bot, stop (o que acontece então).
web-timed-out = { $you ->
        [yes] { $on ->
            [stop] O seu tempo acabou: o seu turno foi encerrado.
           *[bot] O seu tempo acabou: um bot joga o resto do seu turno (jogue para retomá-lo).
        }
       *[no] { $on ->
            [stop] O tempo de { $name } acabou: o turno foi encerrado.
           *[bot] O tempo de { $name } acabou: um bot joga o resto do turno.
        }
    }
web-handed-to-bot = { $you ->
        [yes] O seu lugar agora é jogado pelo bot { web-bot-name } até você jogar de novo.
       *[no] O lugar de { $name } agora é jogado pelo bot { web-bot-name }
    }
# O bot de um lugar não pode jogar pelas soluções exatas nesta partida e joga como greedy.
# $name: o lugar; $bot: o bot; $max: o maior alvo resolvido com estes dados, ou 0 se a solução falhou.
web-plays-greedy = { $max ->
        [0] { $name } ({ web-bot-name }) joga como greedy: o solucionador falhou para estas regras
       *[other] { $name } ({ web-bot-name }) joga como greedy: o jogo exato é resolvido para alvos até { $max }
    }
# Uma mensagem pronta entre jogadores. $message: o nome dela no protocolo.
web-quick-message = { $message ->
        [hello] Olá!
        [good_luck] Boa sorte!
        [nice_roll] Belo lançamento!
        [oops] Ops!
        [well_played] Bem jogado!
        [thinking] Pensando…
        [be_right_back] Já volto
        [rematch] Revanche?
        [thanks] Valeu!
        [wow] Uau!
        [so_close] Foi por pouco!
        [your_turn] Sua vez!
        [bye] Tchau!
       *[other] …
    }
# O chat da sala (js/chat.js). $limit: caracteres no máximo; $seconds: quando escrever de novo.
web-chat = Chat
web-chat-empty = Nenhuma mensagem ainda: diga olá!
web-chat-hide = Esconder o chat
web-chat-show = Mostrar o chat
# O botão do chat escondido quando chegaram linhas enquanto ele estava escondido (o número aparece
# ao lado). $unread: as linhas que chegaram.
web-chat-show-unread = { $unread ->
        [one] Mostrar o chat, 1 mensagem nova
       *[other] Mostrar o chat, { $unread } mensagens novas
    }
web-chat-message = Mensagem
web-chat-send = Enviar
web-chat-phrases = Frases rápidas
web-chat-placeholder = Escreva uma mensagem…
web-chat-plain = Só texto, até { $limit } caracteres; todos na sala leem.
web-chat-muted-you = O anfitrião silenciou você: você não pode escrever no chat.
web-chat-players-only = Só os jogadores escrevem aqui.
web-chat-need-name = Para escrever aqui, digite antes o seu nome na página inicial.
web-chat-spectator = assistindo
web-chat-slow = Mais devagar: você pode escrever de novo em { $seconds } s.
web-chat-too-long = Longa demais: uma mensagem tem no máximo { $limit } caracteres.
# O botão do anfitrião para o chat de um lugar. $muted: yes enquanto o lugar está silenciado.
web-mute = { $muted ->
        [yes] Reativar
       *[no] Silenciar
    }
web-mute-named = { $muted ->
        [yes] Reativar { $name } no chat
       *[no] Silenciar { $name } no chat
    }
web-tag-muted = silenciado
# $muted: yes quando silenciado, no quando pode escrever de novo.
web-muted = { $muted ->
        [yes] O anfitrião silenciou { $name } no chat.
       *[no] { $name } pode escrever no chat de novo.
    }
web-muted-you = { $muted ->
        [yes] O anfitrião silenciou você no chat.
       *[no] Você pode escrever no chat de novo.
    }
web-spectators = { $count ->
        [0] ninguém assistindo
        [one] { $count } assistindo
       *[other] { $count } assistindo
    }
web-connecting = Conectando…
web-reconnecting = Conexão perdida — reconectando…
# Por que esta página não está mais no seu lugar. $code: left, left_seat, removed, resumed_elsewhere.
web-left = { $code ->
        [left_seat] Você deixou o seu lugar e saiu da sala.
        [removed] O anfitrião tirou você da sala.
        [resumed_elsewhere] O seu lugar foi retomado em outra aba ou aparelho.
       *[left] Você saiu da sala.
    }
web-replay-title = Partida { $number }, turno a turno
web-replay-turn = Turno { $index } de { $count } — { $name }, rodada { $round }
web-previous = ◀ Anterior
web-next = Próximo ▶
web-close = Fechar
web-coach = Análise
web-coach-hide = Esconder a análise
web-win-chance = Chance de vencer (exata, com o melhor jogo)
# A marca no botão da melhor escolha; $tag: best, tie (várias escolhas iguais à melhor até onde
# os dígitos mostrados dizem).
web-coach-tag = { $tag ->
        [tie] empata com a melhor
       *[best] melhor
    }
web-coach-on-buttons = A sua chance de vencer depois de cada escolha aparece no botão dela.
# Por que a análise não é oferecida numa partida de uma pessoa contra um bot: a pontuação-alvo
# passa do alcance do solucionador com estes dados ($max: a maior; $dice: os dados da sala).
web-coach-beyond = A análise funciona com pontuação-alvo de até { $max } com { $dice } dados.
web-coach-thinking = A análise está calculando…
# A carta de estratégia que a análise cita nas decisões do jogador (os textos card-move e
# card-verdict dizem o que ela faz). $lines: 0 (nenhuma), 1, 3, 5.
web-coach-card = Citar uma carta de estratégia:
web-coach-card-option = { $lines ->
        [0] nenhuma
        [one] a melhor carta de 1 linha
       *[other] a melhor carta de { $lines } linhas
    }
# Enquanto um bot espera as tabelas do solucionador (o `solving` do protocolo). $stage: duel,
# trio, none (antes do primeiro aviso do solucionador); $percent: quanto já foi, em por cento.
web-solving = { $stage ->
        [duel] Calculando as tabelas de dois jogadores pelas quais os bots jogam, uma vez para estas regras … { $percent }%
        [trio] Calculando as tabelas de três jogadores pelas quais os bots jogam, uma vez para estas regras … { $percent }%
        [quad] Calculando as tabelas de quatro jogadores pelas quais os bots jogam, uma vez para estas regras (um ou dois minutos) … { $percent }%
       *[none] Calculando as tabelas pelas quais os bots jogam, uma vez para estas regras…
    }
web-home = Martian Dice: início
web-home-dice = As faces de um dado: um tanque, dois raios da morte, um humano, uma vaca e uma galinha
web-home-invite = Crie uma sala e mande o link para os seus amigos, ou adicione bots.
web-play-bot = Jogar contra um bot
# Encontrar gente (issue 21): a sua figura, a partida rápida, uma sala pelo código, as salas
# públicas e as suas partidas na página inicial.
web-you = Você
web-you-win = Você venceu!
web-name-needed = Digite o seu nome primeiro.
web-avatar-pick = Sua figura
web-avatar-change = Trocar a sua figura
# $avatar: o id da figura no protocolo (welcome.avatars, e as dos bots).
web-avatar = { $avatar ->
        [martian-green] Marciano verde
        [martian-purple] Marciano roxo de três olhos
        [martian-red] Marciano vermelho com chifres
        [martian-blue] Marciano azul de capacete espacial
        [martian-cyclops] Marciano de um olho só
        [martian-squid] Marciano lula
        [human-farmer] Fazendeiro
        [human-kid] Criança de boné
        [human-scientist] Cientista
        [cow] Vaca
        [chicken] Galinha
        [tank] Tanque
        [bot-robot] Robô
        [bot-saucer] Robô num disco voador
        [bot-shield] Robô com escudo
        [bot-brain] Robô de cérebro de vidro
       *[other] Jogador
    }
web-quick-match = Partida rápida
web-quick-match-hint = A partida rápida põe você na mesa com as próximas pessoas que pedirem; se ninguém vier, um bot é oferecido.
web-match-players = Jogadores na mesa
web-match-players-count = { $count } jogadores
web-match-title = Procurando jogadores ({ $players } na mesa)…
web-match-waited = Esperando há { $seconds } s
web-match-queue = { $waiting ->
        [0] Você é a única pessoa esperando por esta mesa.
        [one] Você é a única pessoa esperando por esta mesa.
       *[other] { $waiting } pessoas esperam por esta mesa; você é a { $position }ª.
    }
web-match-bot-in = Se ninguém vier, um bot é oferecido em { $seconds } s.
web-match-bot-offer = Ninguém ainda: jogue com um bot agora, ou continue esperando.
web-match-bot = Jogar com um bot agora
web-match-cancel = Cancelar
web-match-found = Achamos! A sua partida começa.
web-room-code = Código da sala
web-room-code-hint = 5 letras e algarismos, da sala de espera de um amigo.
web-room-code-needed = Digite o código da sala.
web-public-rooms = Salas públicas
web-public-loading = Carregando as salas públicas…
web-public-none = Nenhuma sala pública está esperando jogadores agora: tente a partida rápida, ou crie uma sala e deixe-a pública.
web-public-playing = Partidas para assistir
web-public-room-of = Sala de { $host }
# $number: o número da partida na sala.
web-public-game-of = Sala de { $host }, partida { $number }
web-public-seats = { $taken ->
        [one] { $taken } jogador
       *[other] { $taken } jogadores
    }, { $free ->
        [0] nenhum lugar livre
        [one] { $free } lugar livre
       *[other] { $free } lugares livres
    }
web-public-sit = Sentar
web-public-sit-named = Sentar na sala de { $host }
web-public-watch = Assistir
web-public-watch-named = Assistir à partida de { $host }
# As regras em resumo na lista; o que difere das regras oficiais vem depois.
web-rules-short = { $dice } dados, alvo { $target }
web-your-games = Suas partidas
web-your-games-room = esta sala
# $status: lobby, playing, your-turn, over, closed.
web-your-games-status = { $status ->
        [your-turn] Sua vez!
        [playing] Partida em andamento
        [over] Partida terminada
        [closed] Fechada
       *[lobby] Na sala de espera
    }
web-continue = Continuar
web-continue-named = Continuar na sala { $code }
web-leave-named = Sair da sala { $code }
# Uma sala terminada (ou fechada) em Suas partidas: tirada da lista depois de uma pergunta.
web-your-games-remove = Remover
web-your-games-remove-named = Remover a sala { $code } de Suas partidas
web-your-games-remove-ask = Remover esta sala de Suas partidas?
web-your-games-keep = Manter
# O que sair de uma sala ou removê-la tira de Suas partidas. $count: os jogos terminados dela.
web-your-games-loses = { $count ->
        [one] A partida terminada dela, com o registro e a revisão, não poderá mais ser aberta neste navegador.
       *[other] As { $count } partidas terminadas dela, com os registros e as revisões, não poderão mais ser abertas neste navegador.
    }
# $count: as salas mais antigas ainda não mostradas.
web-your-games-more = Mostrar partidas mais antigas (mais { $count })
# $label: "Partida 2: vitória de Ana (25–19)".
web-download-named = Baixar o registro de { $label }
web-review-named = Revisão de { $label }
web-back-home = Voltar à página inicial

## Accounts (js/account.js): a name that lasts, guest first.
web-sign-in = Entrar na conta
web-create-account = Criar conta
web-sign-out = Sair da conta
web-your-profile = Seu perfil
web-account-name = Nome da conta
web-password = Senha
web-cancel = Cancelar
web-account-create-note = Guarde seu nome de vez: as partidas que este navegador jogou passam a ser suas. Senha de pelo menos 8 caracteres.
web-account-error = { $code ->
    [wrong_credentials] Nome ou senha errados.
    [name_taken] Esse nome já tem dono (nomes são comparados sem distinguir maiúsculas nem letras parecidas).
    [weak_password] A senha precisa de pelo menos 8 caracteres.
    [bad_name] Esse nome não pode ser usado: letras, algarismos e espaços, até 24 caracteres.
    [too_many_attempts] Tentativas demais: tente de novo em { $seconds } s.
    [signups_closed] Este servidor não aceita contas novas: fale com quem o administra.
    [no_such_player] Nenhum jogador tem esse nome.
    [not_online] Esse jogador não está conectado agora.
    [not_following] Siga esse jogador primeiro: convites vão para quem você segue.
    [no_such_room] Esta sala não pode receber convites agora.
    [too_many_invites] Convites demais: tente de novo em { $seconds } s.
    [not_signed_in] Entre na conta primeiro.
    [busy] O servidor está ocupado: tente de novo daqui a pouco.
   *[other] O servidor não conseguiu fazer isso agora: tente de novo.
}
web-recovery-codes-title = Seus códigos de recuperação
web-recovery-codes-note = Cada código entra na conta uma vez se você esquecer a senha. Anote ou guarde agora: eles só aparecem desta vez.
web-recovery-codes-done = Guardei
web-profile-since = Membro desde { $date }
web-profile-games = Partidas
web-profile-table = Mesa
web-profile-played = Jogadas
web-profile-won = Vencidas
web-profile-players = { $players } jogadores
web-profile-no-games = Nenhuma partida terminada ainda.
web-profile-recent = Partidas recentes
web-profile-game-won = Venceu
web-profile-game-lost = Perdeu
web-profile-review = Análise
web-profile-met = Quem mais encontrou
web-profile-met-line = { $games } partidas, { $won } vencidas, { $lost } perdidas para essa pessoa
web-profile-accuracy = Precisão
# Depois da precisão média (uma porcentagem, mostrada antes): quantas partidas analisadas ela cobre.
web-profile-accuracy-games = { $games ->
        [one] em média em { $games } partida analisada
       *[other] em média em { $games } partidas analisadas
    }
web-profile-accuracy-none = Nenhuma partida analisada ainda: a precisão da análise exata aparece aqui quando uma partida terminada for analisada.
# O nome do gráfico de precisão para leitores de tela. $low, $high: porcentagens, formatadas.
web-profile-trend-label = { $count ->
        [one] Precisão da última partida analisada: { $low }
       *[other] Precisão das últimas { $count } partidas analisadas, da mais antiga à mais recente: de { $low } a { $high }
    }
web-profile-best-turn = Melhor turno
# $points: pontos percentuais de chance de vencer, formatados com sinal (+2,5, −0,4).
web-profile-best-turn-line = Turno { $turn } da partida { $number }: as decisões dele mudaram a chance de vencer em { $points }pp.
web-profile-best-turn-replay = Rever esse turno
web-follow = Seguir
web-unfollow = Deixar de seguir
web-friends = Amigos
web-friends-none = Siga jogadores pelo perfil deles para vê-los aqui.
web-friend-online = conectado
web-friend-offline = desconectado
web-friend-in-room = numa sala
web-friend-watch = Assistir
web-friend-watch-named = Assistir à sala de { $name }
web-block = Bloquear
web-unblock = Desbloquear
web-block-note = Você não vê o chat de quem bloqueia, e a partida rápida nunca coloca vocês na mesma mesa.
# The mark beside a name held by an account (its holder signed in), read by screen readers.
web-claimed-name = conta
web-invite-friends = Convidar um amigo
web-invite-friends-none = Nenhum dos jogadores que você segue está conectado agora.
# An "Invite" button, one per friend online.
web-invite-friend = Convidar
web-invite-friend-named = Convidar { $name }
web-invite-sent = { $name } foi convidado.
web-invited = { $name } convida você para jogar na sala.
web-invited-join = Entrar
web-invited-dismiss = Dispensar
web-option-standing = Mesa fixa: manter esta sala e o código dela para sempre
web-option-standing-note = Para a noite de jogo semanal sempre no mesmo código, listada no seu perfil. Só fecha depois de 60 dias sem ninguém.
web-option-rated = Valendo rating: os resultados mudam o rating dos jogadores
web-option-rated-note = Regras oficiais, todos os sentados com conta e conectados, e robôs só entre os que têm rating (fácil, médio, difícil, ganancioso, ótimo).
web-room-rated = Partida valendo rating
web-profile-standing = Mesas fixas
web-profile-standing-link = Sala { $code }
web-account-title = Sua conta
web-sign-out-everywhere = Sair da conta em todos os aparelhos
web-account-data = Baixar meus dados
web-delete-account = Apagar conta
web-delete-account-note = Seu perfil, suas sessões, quem você segue e o vínculo com suas partidas se vão de vez; as partidas ficam para os outros que jogaram. Digite sua senha para confirmar.
web-account-offer = Guarde seu nome e suas partidas: uma conta pede só um nome e uma senha.
web-forgot-password = Esqueceu a senha? Use um código de recuperação
web-recover-title = Entrar com um código de recuperação
web-recover-note = Cada código de recuperação vale uma vez. Escolha uma senha nova: seus outros aparelhos saem da conta.
web-recover-submit = Entrar com o código
web-recovery-code = Código de recuperação
web-new-password = Senha nova
web-change-password = Trocar a senha
web-change-password-note = Seus outros aparelhos saem da conta; este continua conectado.

web-entering = Entrando na sala…
web-lobby-title = Sala de espera
web-start-alone = Adicione um bot ou convide alguém — ou comece sozinho e busque a melhor pontuação.
web-start-count = { $count ->
        [one] { $count } jogador sentado.
       *[other] { $count } jogadores sentados.
    }
web-rules-live = As mudanças valem na hora: todos na sala as veem.
# $min, $max: os limites que um campo numérico aceita.
web-number-range = Digite um número inteiro de { $min } a { $max }.
web-number-range-named = Não enviado: digite um número inteiro de { $min } a { $max }.
web-timer-off = sem limite
# $on: bot, stop.
web-timer-value = { $seconds } s, depois { web-on-timeout-choice }
web-remove-named = Remover { $name }
web-seat-actions = Ações
# $online: online, offline.
web-online = { $online ->
        [online] conectado
       *[offline] desconectado
    }
web-tag-away = ausente: um bot joga por enquanto
web-waiting-list = Esperando a próxima partida
web-join-next = Entrar na próxima partida
web-watching-game = A partida já começou: você está assistindo. Peça um lugar e jogue a próxima partida.
web-watching-over = Esta partida acabou: peça um lugar e jogue a próxima.
# $place: o lugar na fila, a partir de 1.
web-in-line = Você tem um lugar na próxima partida ({ $place }º na fila). Enquanto isso, assista!
web-seated-now = Você tem um lugar nesta partida.
# $name: alguém que pediu um lugar na próxima partida.
web-queued = { $name } vai jogar a próxima partida.
web-rematch-joiners = { $count ->
        [one] { $count } pessoa espera para entrar na revanche.
       *[other] { $count } pessoas esperam para entrar na revanche.
    }
web-host-changed = { $name } agora é o anfitrião.
web-host-you = Agora você é o anfitrião.
web-away = { $name } está ausente: um bot joga por essa pessoa até ela voltar.
web-joined-room = { $name } entrou na sala.
web-game-started = Começa a partida { $number }.
web-how-to-play = Como jogar
web-sound = Som
web-sound-on = Som ligado: um aviso quando for a sua vez e sons para os dados
web-sound-off = Som desligado
web-title-your-turn = Sua vez — Martian Dice
web-actions = Suas jogadas
web-waiting-roll = Esperando { $name } lançar os dados…
web-last-turn = Como terminou o último turno
web-last-roll = Último lançamento
# O último turno de quem lê, na tela até o próximo. $outcome: um web-outcome; $total: os pontos.
web-your-last-turn = O seu último turno — { $outcome }. O seu total: { $total }.
# Um lançamento com os seus tanques: os tanques ficam separados à força. $dice: o lançamento todo em palavras.
web-roll-label = Lançamento: { $dice }
web-tanks-forced = { $count ->
        [one] { $count } tanque lançado, separado à força
       *[other] { $count } tanques lançados, separados à força
    }
# Como se formam os pontos do turno. $why: tanks, bonus, plain; $earthlings: humanos, vacas e galinhas.
web-score-why = { $why ->
        [tanks] (os tanques superam os raios da morte)
        [bonus] ({ $earthlings } terráqueos + { $bonus } de bônus)
       *[plain] ({ $earthlings ->
            [0] nenhum terráqueo
            [one] { $earthlings } terráqueo
           *[other] { $earthlings } terráqueos
        })
    }
# Como um turno terminou. $end: stop, no-dice, no-choice; $why: tanks, bonus, plain.
web-outcome = { $end ->
        [stop] Parou
        [no-dice] Acabaram os dados
       *[no-choice] Nada para pegar
    }: { $why ->
        [tanks] tanques { $tanks } × { $rays ->
            [0] 0 raios da morte
            [one] { $rays } raio da morte
           *[other] { $rays } raios da morte
        }, 0 pontos
        [bonus] +{ $points }, com o bônus de +{ $bonus }
       *[plain] +{ $points }
    }
# Uma rodada na lista de turnos: "R3".
web-round-short = R{ $round }
web-no-turns-yet = Nenhum turno terminou ainda.
web-copy-transcript = Copiar para a linha de comando
# Os passos de um turno. $count: dados lançados; $dice: o lançamento em palavras; $taken: um face-count.
web-step-roll = Lançou { $count }: { $dice }
web-step-take = pegou { $taken }
web-step-nothing = nada podia ser pegado
web-step-stop = Parou.
# Lido em voz alta para leitores de tela.
# $you: yes quando $name é quem lê.
web-said-rolled = { $you ->
        [yes] Você lançou { $count }: { $dice }.
       *[no] { $name } lançou { $count }: { $dice }.
    }
web-said-took = { $you ->
        [yes] Você pegou { $taken }.
       *[no] { $name } pegou { $taken }.
    }
web-said-total = Total { $total }.
web-said-roll-off = { $you ->
        [yes] Você lançou no desempate: { $dice }.
       *[no] { $name } lançou no desempate: { $dice }.
    }
web-connection-lost = A conexão com o servidor caiu.
web-restarting = O servidor está reiniciando: sua partida continua em instantes.
web-reconnecting-in = Conexão perdida — nova tentativa em { $seconds } s…
web-reconnect-now = Tentar agora
web-not-sent = Não enviado: não há conexão com o servidor. Tente de novo quando ela voltar.
web-action-unconfirmed = A conexão caiu antes de a sua jogada ser confirmada: confira o tabuleiro quando ela voltar e jogue de novo se precisar.
# O fim de uma partida, contado como uma história.
web-triggered-end-round = { $name } chegou a { $target } na rodada { $round }, e essa virou a última rodada.
web-biggest-turn = Maior turno: { $name } na rodada { $round }, { $points ->
        [0] 0 pontos
        [one] { $points } ponto
       *[other] { $points } pontos
    }.
web-roll-off-story = { $rounds ->
        [one] Um empate na liderança foi para o desempate nos raios da morte (uma rodada).
       *[other] Um empate na liderança foi para o desempate nos raios da morte ({ $rounds } rodadas).
    }
web-game-length = { $rounds ->
        [one] { $rounds } rodada
       *[other] { $rounds } rodadas
    }, { $turns ->
        [one] { $turns } turno.
       *[other] { $turns } turnos.
    }
web-chart-title = Totais depois de cada rodada
web-chart-caption = Totais depois de cada rodada (a linha tracejada é a pontuação-alvo):
# A linha de um jogador no gráfico, para leitores de tela. $totals: números separados por vírgulas.
web-chart-row = { $name }: { $totals }
# $names: quem venceu; $count: quantos.
web-finished-winner = { $count ->
        [one] vitória de { $names }
       *[other] vitória compartilhada de { $names }
    }
web-howto-intro = Marcianos! Abduzam o máximo de terráqueos — humanos, vacas e galinhas — enquanto os raios da morte seguram os tanques. Quem chegar primeiro à pontuação-alvo encerra o jogo.
web-howto-dice-title = Os dados
web-howto-dice = 13 dados, cada um com seis faces:
# $face: tank, death-ray, human, cow, chicken.
web-howto-sides = { $face ->
        [death-ray] duas faces de seis
       *[other] uma face de seis
    }
web-howto-turn-title = A sua vez
web-howto-turn-roll = Lance todos os dados que você tem (13 no começo da vez).
web-howto-turn-tanks = Todo tanque lançado fica separado à força: os tanques se somam durante o turno.
web-howto-turn-take = Pegue TODOS os dados de uma outra face que saiu. Raios da morte podem ser pegos sempre; cada terráqueo (humano, vaca, galinha) só uma vez por turno. O resto volta.
web-howto-turn-decide = Depois pare e marque, ou lance os dados que sobraram. Você pode parar ou lançar de novo, digam o que disserem os tanques.
web-howto-turn-end = O turno também acaba quando não sobram dados ou quando o lançamento não tem nada que você possa pegar — e é contado normalmente.
web-howto-scoring-title = Pontuação
web-howto-scoring = Se os tanques separados forem mais que os raios da morte, o turno vale 0. Senão: 1 ponto por humano, vaca e galinha, mais 3 pontos de bônus por ao menos um humano, uma vaca e uma galinha.
web-howto-example = 2 tanques, 3 raios da morte: os raios seguram. 2 humanos + 1 vaca + 1 galinha = 4 pontos, + 3 de bônus = 7 pontos.
web-howto-example-tanks = 3 tanques contra 2 raios da morte: os tanques vencem, e os 4 humanos valem 0.
web-howto-end-title = O fim
web-howto-end = Quando alguém chega à pontuação-alvo (25 nas regras oficiais), a rodada é completada para que todos joguem o mesmo número de vezes; então vence quem tiver mais pontos. Empate: cada empatado lança 6 dados, e quem tirar mais raios da morte vence.
web-howto-keys-title = Teclas
# Os cartões de estratégia em "Como jogar" (js/cards.js, de GET /api/cards).
web-cards-title = Cartões de estratégia
web-cards-intro = O jogo perfeito é uma tabela que ninguém decora; um cartão de estratégia são poucas regras simples que dá para lembrar. O que você precisa lembrar são as condições (cada "quando", "e" ou "a menos que"): aqui está o melhor cartão conhecido para cada número delas, com a chance exata de vencer um duelo contra o jogo perfeito.
web-cards-show = Mostrar os cartões e suas chances
web-cards-loading = Calculando o valor exato dos cartões (alguns segundos na primeira vez)…
web-cards-failed = Não foi possível calcular o valor dos cartões: { $detail }
web-cards-name = { $name ->
        [pocket] O cartão de bolso
        [club] O cartão de clube
        [expert] O cartão de especialista
        [lines-7] O cartão de 7 linhas
        [lines-1] O cartão de 1 linha
        [lines-3] O cartão de 3 linhas
        [lines-5] O cartão de 5 linhas
       *[other] { $name }
    }
web-cards-figure = { $conditions ->
        [one] { $conditions } condição para lembrar
       *[other] { $conditions } condições para lembrar
    }; vence { $chance } contra o jogo perfeito.
web-cards-default-only = Nenhuma linha: pegue o maior grupo de terráqueos (senão os raios da morte) e role de novo.
web-cards-table-caption = O melhor cartão conhecido com no máximo tantas condições
web-cards-at-most = No máximo
web-cards-conditions = Condições
web-cards-chance = Contra o jogo perfeito
web-cards-card = O cartão
web-cards-carry-title = Cartões para levar
web-cards-chart-label = O melhor cartão conhecido pelo número de condições: { $low } com no máximo { $fewest }, { $high } com no máximo { $most }; o jogador de pontuação esperada vence { $greedy }, o jogo perfeito 50%.
web-cards-chart-caption = A chance contra o jogo perfeito pelas condições que o cartão pede para lembrar; tracejadas: o jogador de pontuação esperada e os níveis dos bots.
web-cards-reference = { $name ->
        [greedy] ganancioso
        [easy] fácil
        [medium] médio
       *[hard] difícil
    } { $chance }
web-howto-time-left = Sua vez: { $seconds } s para jogar.
# $action: roll, stop, R, H, C, K (as ações do protocolo).
web-howto-key = { $action ->
        [roll] lançar os dados
        [stop] parar e marcar
        [R] pegar os raios da morte
        [H] pegar os humanos
        [C] pegar as vacas
       *[K] pegar as galinhas
    }
# Um pedido que o servidor recusou. $code: o código de erro do protocolo; $detail: a explicação do
# servidor, em inglês, mostrada só onde a página não sabe dizer mais; $limit: o `limit` do erro;
# $seconds: o seu `retry_ms` em segundos inteiros.
web-error = { $code ->
        [not_your_turn] Não é a sua vez.
        [illegal] Essa jogada não é permitida agora.
        [no_such_room] Esta sala não existe (mais).
        [already_started] A partida já começou: você está assistindo.
        [room_full] A sala está cheia.
        [server_full] O servidor está cheio: tente de novo mais tarde.
        [too_many_rooms] Todas as salas do servidor têm gente: tente de novo em alguns minutos.
        [rooms_per_address] { $limit } salas criadas da sua rede estão em jogo ou esperando jogadores: termine ou saia de uma delas (Suas partidas, na página inicial) e tente de novo.
        [rooms_per_connection] { $limit } salas criadas desta página estão em jogo ou esperando jogadores: termine ou saia de uma delas e tente de novo.
        [unknown_code] Nenhuma sala aberta tem esse código: confira e tente de novo.
        [too_many_guesses] Códigos desconhecidos demais: espere { $seconds } s antes de tentar outro.
        [name_taken] Alguém nesta sala já tem esse nome: escolha outro.
        [muted] O anfitrião silenciou você no chat desta sala.
        [chat_too_long] A sua mensagem tem mais de { $limit } caracteres.
        [chat_rate_limited] Você está escrevendo rápido: espere { $seconds } s.
        [queue_full] Gente demais esperando uma partida rápida: tente de novo em um instante, ou jogue contra um bot.
        [queue_address_limit] Gente demais da sua rede esperando uma partida rápida: tente de novo em um instante.
        [not_signed_in] Entre na sua conta para jogar uma partida valendo rating.
        [wrong_state] Isso não pode ser feito agora.
        [too_many_connections] Conexões demais a partir do seu endereço (outras abas ou aparelhos da sua rede): feche algumas ou tente de novo mais tarde.
        [rate_limited] Vá com calma.
        [not_host] Só o anfitrião pode fazer isso.
        [not_seated] Quem assiste não pode fazer isso.
        [storage] O servidor não conseguiu guardar isso, então nada mudou: tente de novo.
        [busy] O servidor está ocupado preparando robôs para outras partidas: tente de novo em um minuto.
        [moved] A sala está em outro servidor do site: conectando lá…
        [invalid] Essa escolha não é válida: { $detail }
       *[other] Algo deu errado: { $detail }
    }

# Por que o servidor recusou um nome (o `reason` do erro, web-refusal-name). $why: empty,
# too-long, control, bidi, invisible, line-break, not-text, private-use, only-marks; $limit: o
# nome mais longo, em caracteres.
web-refusal-name = { $why ->
        [empty] O nome está vazio.
        [too-long] O nome tem mais de { $limit } caracteres.
        [control] O nome tem caracteres de controle.
        [bidi] O nome tem caracteres que invertem a direção do texto.
        [invisible] O nome não tem nenhum caractere visível.
        [line-break] O nome tem um separador de linha ou de parágrafo.
        [not-text] O nome tem caracteres que não são texto.
        [private-use] O nome só tem caracteres de uso privado, que cada aparelho mostra de um jeito.
       *[only-marks] O nome só tem acentos ou outras marcas combinantes, sem letra que os leve.
    }
# Por que o servidor não conseguiu ler uma mensagem (o `reason` do erro, web-refusal-malformed).
# $case: not-json e out-of-range (com $line, $column), not-object, no-type, type-not-text, unknown-type (com
# $types), unknown-field e missing-field (com $field), bad-choice (com $value), wrong-kind,
# bad-value; $kind: o tipo da mensagem; $got: o que ela continha (null, boolean, number, string,
# list, object, value).
web-refusal-malformed = { $case ->
        [not-json] A mensagem não é JSON: ela dá errado na linha { $line }, coluna { $column }.
        [out-of-range] A mensagem é JSON, mas o número que termina na linha { $line }, coluna { $column } está fora do intervalo.
        [not-object] Uma mensagem é um objeto JSON com um “type”, não { $got ->
            [null] null
            [boolean] true ou false
            [number] um número
            [string] um texto
           *[list] uma lista
        }.
        [no-type] A mensagem não tem “type”.
        [type-not-text] “type” é o nome de uma mensagem, em um texto.
        [unknown-type] Não existe mensagem do tipo “{ $kind }”; os tipos são { $types }.
        [unknown-field] “{ $kind }” não tem o campo “{ $field }”.
        [missing-field] “{ $kind }” precisa do campo “{ $field }”.
        [bad-choice] “{ $kind }”: “{ $value }” não é uma das opções.
        [wrong-kind] “{ $kind }” tem { $got ->
            [null] null
            [boolean] true ou false
            [number] um número
            [string] um texto
            [list] uma lista
            [object] um objeto
           *[value] um valor
        } onde se espera outra coisa.
       *[bad-value] “{ $kind }” tem um valor fora do que o protocolo permite.
    }

web-review = Revisão
web-review-title = Revisão da partida { $number }
web-review-loading = Calculando o valor de cada decisão…
web-review-unavailable = A revisão precisa de soluções que o servidor não calculou para estas regras e jogadores; ele não as calcula agora, para não atrasar as partidas em andamento.
web-review-failed = Não foi possível carregar a revisão: { $detail }
web-review-approximate = ≈ Com quatro jogadores ou mais as chances são uma aproximação: a chance de cada jogador no jogo exato entre ele e seus adversários mais fortes, por isso podem não somar 100%.
web-review-unfinished = O registro termina antes do fim da partida: ele é revisto até onde vai.
web-review-stopped = { $turn ->
        [0] A revisão para depois dos turnos: { $kind ->
            [record] o registro quebra as regras aí ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão aí.
        }
       *[other] A revisão para no turno { $turn }: { $kind ->
            [record] o registro quebra as regras aí ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão aí.
        }
    }
web-review-chart-title = { $measure ->
        [expected-turns] Duração esperada da partida, em turnos, após cada turno
       *[win-probability] Chance de vencer após cada turno
    }
web-review-chart-row = { $name }: { $values }
web-review-chart-turns = turnos
web-review-seat = { $name }: precisão { $accuracy } em { $decisions ->
        [one] { $decisions } decisão
       *[other] { $decisions } decisões
    } ({ $inaccuracies ->
        [0] 0 imprecisões
        [one] { $inaccuracies } imprecisão
       *[other] { $inaccuracies } imprecisões
    }, { $mistakes ->
        [0] 0 erros
        [one] { $mistakes } erro
       *[other] { $mistakes } erros
    }, { $blunders ->
        [0] 0 erros graves
        [one] { $blunders } erro grave
       *[other] { $blunders } erros graves
    }); sorte { $luck }, habilidade { $skill }.
web-review-seat-none = { $name }: nenhuma decisão com escolha.
web-review-mistakes = Os maiores erros
web-review-no-mistakes = Nenhuma imprecisão, erro ou erro grave: cada escolha foi a melhor ou ficou a menos de { $least } dela.
# A revisão medida contra uma carta de estratégia (escolhida com web-coach-card). $card: um
# texto de web-coach-card-option; $count: decisões com escolha; $followed: yes, no.
web-review-card = A partida contra { $card }
web-review-card-loading = Medindo a partida contra a carta…
web-review-card-decisions = { $count ->
        [one] A carta na { $count } decisão com escolha
       *[other] A carta em cada uma das { $count } decisões com escolha
    }
web-review-card-followed = { $followed ->
        [yes] O jogador fez o que a carta diz.
       *[no] O jogador não fez o que a carta diz.
    }
# A carta do próprio leitor na revisão (POST …/review com o texto dela). $card (web-replay-card-mark):
# um web-replay-card-line; $doing: o $doing de card-move; $loss: um web-review-loss.
web-review-own-option = minha própria carta…
web-review-own-name = sua carta
web-review-own-card = Sua carta, uma linha numerada de conselho por linha (em português ou inglês, como nos arquivos de cartas):
web-review-own-example = 1. Pegue os raios da morte se os tanques estão na frente.
    2. Pare se você tem 3 tipos de terráqueo ou mais.
web-review-own-help = Linhas que começam com # são comentários. Onde nenhuma linha vale, a carta pega o maior grupo de terráqueos (senão os raios da morte) e lança de novo.
web-review-own-measure = Medir a partida contra minha carta
# Um passo da reprise marcado com o que faria a carta contra a qual a revisão é medida.
web-replay-card-line = { $line ->
        [0] Carta, nenhuma linha
       *[other] Linha { $line } da carta
    }
web-replay-card-mark = { $right ->
        [yes] { $card }: { $doing }, o melhor
       *[no] { $card }: { $doing }, custando { $loss }
    }
web-review-where = Turno { $turn } (rodada { $round }), { $name }
web-review-position = { $kind ->
        [roll] lançou { $count }: { $dice }
       *[after] depois de pegar { $taken }
    }
web-review-verdict = { $class ->
        [forced] { $action } (a única escolha).
        [best] { $action }: o melhor.
        [inaccuracy] { $action }: uma imprecisão, que custou { $loss }; o melhor era { $best }.
        [mistake] { $action }: um erro, que custou { $loss }; o melhor era { $best }.
       *[blunder] { $action }: um erro grave, que custou { $loss }; o melhor era { $best }.
    }
web-review-action = { $action ->
        [stop] parou
        [roll] lançou de novo
       *[take] { $face ->
            [death-ray] pegou os raios da morte
            [human] pegou os humanos
            [cow] pegou as vacas
           *[chicken] pegou as galinhas
        }
    }
web-review-best-action = { $action ->
        [stop] parar
        [roll] lançar de novo
       *[take] { $face ->
            [death-ray] pegar os raios da morte
            [human] pegar os humanos
            [cow] pegar as vacas
           *[chicken] pegar as galinhas
        }
    }
web-review-loss = { $unit ->
        [points] { $value }pp de chance de vencer
       *[turns] { $value } turnos
    }
web-review-mark = { $class ->
        [forced] { $action }: a única escolha
        [best] { $action }: melhor
        [inaccuracy] { $action }: imprecisão, que custou { $loss }
        [mistake] { $action }: erro, que custou { $loss }
       *[blunder] { $action }: erro grave, que custou { $loss }
    }
web-review-why = Por quê? { $reason }
web-review-replay-unavailable = Os passos não estão marcados: a revisão desta partida não pode ser obtida agora.
## Resolver e aconselhar: o texto de `martian-dice solve turn|duel|solo|trio` e `martian-dice
## advise` (crates/cli/src/solve_cmd/messages.rs). Os decimais chegam formatados ($expected,
## $turns, $seconds); $rules é um `ruleset`; $tie: roll-off, shared. O alinhamento é do código.
solve-rules = Regras: { $rules }.
solve-turn-expected = Pontuação esperada do turno, jogando para maximizá-la: { $expected } pontos.
solve-turn-distribution = Pontuação final do turno:
solve-duel-heading = Dois jogadores, ambos jogando para vencer com jogo perfeito { $tie ->
        [shared] (uma vitória compartilhada vale meia vitória):
       *[roll-off] (com o desempate em caso de empate):
    }
solve-trio-heading = Três jogadores, cada um jogando para vencer com jogo perfeito { $tie ->
        [shared] (uma vitória compartilhada por k jogadores vale 1/k de vitória):
       *[roll-off] (com o desempate em caso de empate):
    }
solve-quad-heading = Quatro jogadores, cada um jogando para vencer com jogo perfeito { $tie ->
        [shared] (uma vitória compartilhada por k jogadores vale 1/k de vitória):
       *[roll-off] (com o desempate em caso de empate):
    }
# $count: quantas tuplas de pontuações não têm equilíbrio puro (seus jogadores sorteiam entre dois turnos).
solve-quad-mixed = { $count ->
        [0] (toda posição tem um equilíbrio puro)
        [one] (1 tupla de pontuações não tem equilíbrio puro: seus jogadores sorteiam entre dois turnos)
       *[other] ({ $count } tuplas de pontuações não têm equilíbrio puro: seus jogadores sorteiam entre dois turnos)
    }
# $seat: 1 a 4, na ordem de jogo.
solve-seat-wins = { $seat ->
        [1] chance de vencer do primeiro jogador
        [2] chance de vencer do segundo jogador
        [3] chance de vencer do terceiro jogador
       *[other] chance de vencer do quarto jogador
    }
solve-from-cache = (tabelas lidas do cache)
solve-solved-in = (resolvido em { $seconds } s)
solve-solo = Jogando sozinho para chegar a { $target } no menor número de turnos possível: { $turns } turnos esperados.
# $measure: expected-score, win-probability, expected-turns; $seat: o número de um lugar, a partir de 0.
advise-heading = { $measure ->
        [expected-score] Opções (pontuação final esperada do turno):
        [win-probability] Opções (probabilidade de vitória do lugar { $seat } na partida):
       *[expected-turns] Opções (turnos esperados para chegar ao alvo, contando este; menos é melhor):
    }
# $action: take, stop, roll; $face: a face pega (vazio nos outros casos).
advise-action = { $action ->
        [take] { $face ->
            [tank] pegar os tanques
            [death-ray] pegar os raios da morte
            [human] pegar os humanos
            [cow] pegar as vacas
           *[chicken] pegar as galinhas
        }
        [stop] parar
       *[roll] lançar de novo
    }
advise-best-mark = <- melhor
# $action: um advise-action.
advise-best = Melhor opção: { $action }.
advise-why = Por quê? { $reason }
# $scores: os totais marcados, separados por vírgulas.
advise-banked = Pontos já marcados, na ordem dos lugares: { $scores }.
advise-bad-scores = --scores deve trazer os totais marcados separados por vírgulas, como 12,20; '{ $text }' não serve
advise-bad-transcript = transcrição inválida: { $error }

## `martian-dice arena`: o relatório em texto (crates/cli/src/arena_cmd.rs). Os decimais chegam
## formatados ($rounds, $turns, $games, $decisions, $seconds); as contagens são números; $seed é
## texto; $rules é um `ruleset`. O alinhamento das colunas é do código.
arena-header = { $games } partidas, regras: { $rules }, semente { $seed } (repita com --seed { $seed })
# $header: um arena-header.
arena-round-robin = Todos contra todos: { $header }
# $mode: turns, dice.
arena-mode = { $mode ->
        [turns] Jogado turno a turno: a pontuação de cada turno sorteada da distribuição exata do jogo do seu jogador (--mode dice para lançar cada dado).
       *[dice] Jogado dado a dado: cada lançamento feito, cada decisão perguntada.
    }
# Títulos da tabela. $column: bot, wins, win-rate, interval, seat, points-per-turn, forfeits,
# rating, games; $seat: o número do lugar, a partir de 1 (só para seat).
arena-column = { $column ->
        [bot] bot
        [wins] vitórias
        [win-rate] taxa de vitória
        [interval] intervalo de 95%
        [seat] lugar { $seat }
        [points-per-turn] pontos/turno
        [forfeits] desistências
        [rating] rating
       *[games] partidas
    }
arena-summary = As partidas duram em média { $rounds } rodadas ({ $turns } turnos); { $rolloffs } decididas no desempate, { $shared } compartilhadas.
arena-round-limit = { $count } partidas terminaram no limite de rodadas (rodada { $rounds }), sem ninguém alcançar o alvo.
arena-forfeits = { $count } partidas perdidas por desistência; as primeiras:
# $message: o erro do bot, como o bot o deu.
arena-forfeit-note = partida { $game }, lugar { $seat }: { $message }
arena-speed = { $games } partidas/s, { $decisions } decisões/s ({ $seconds } s, { $threads } threads)
arena-speed-turn-level = { $games } partidas/s, turno a turno ({ $seconds } s, { $threads } threads)
arena-round-robin-turn-level = { $count } de { $pairs } pares jogados turno a turno (a pontuação de cada turno sorteada da distribuição exata do jogo do seu jogador).
arena-matrix-title = Taxa de vitória do bot da linha contra o da coluna:
arena-ratings-title = Ratings de Bradley–Terry (escala Elo, média 0):
arena-round-robin-speed = { $games } partidas/s ({ $seconds } s)
# `--exact`: as chances de um duelo calculadas, não sorteadas. $rules é um `ruleset`; $seconds formatado.
arena-exact-header = Chances exatas de um duelo, regras: { $rules } (cada decisão avaliada, nada sorteado; os lugares se alternam):
arena-exact-speed = Calculado em { $seconds } s.

## `martian-dice card`: o valor exato de um cartão de estratégia, a busca pelos melhores cartões e
## o que há de errado com um cartão que não se lê (crates/cli/src/cmd/card/). As chances vêm
## formatadas ("47,61%"); $rules é um `ruleset`.
# $file: o arquivo do cartão; $line, $column: a partir de 1; $problem: um dos card-error-* abaixo.
card-error = { $file }, linha { $line }, coluna { $column }: { $problem }
# $expected: as frases que poderiam estar ali, entre aspas, unidas por card-error-or; $found: o que
# está escrito no lugar.
card-error-expected = esperava-se { $expected }, mas está escrito { $found }
card-error-or = ou
# $item: number, end-of-line.
card-error-item = { $item ->
        [number] um número
       *[end-of-line] o fim da linha
    }
card-error-character = o caractere '{ $char }' não cabe num cartão
card-error-numbering = esta linha tem o número { $found }, mas é a linha { $expected } do cartão
card-error-number = { $found } está fora do intervalo aqui: de { $min } a { $max }
card-error-roll-after-take = só uma linha que pega pode olhar o lançamento: depois de pegar, o lançamento já passou
card-value-header = Cartão { $file }, { $lines ->
        [one] 1 linha
       *[other] { $lines } linhas
    }:
card-default = Quando nenhuma linha se aplica: pegue o maior grupo de terráqueos (senão os raios da morte) e lance de novo.
card-value-rules = Regras: { $rules }.
# $opponent: optimal, greedy.
card-value-chance = { $opponent ->
        [optimal] Contra o jogo perfeito (optimal)
       *[greedy] Contra o jogador de pontuação esperada (greedy)
    }: { $chance } de vitória (primeiro lugar { $first }, segundo lugar { $second }).
card-value-worth-title = Quanto vale cada linha: a chance contra o jogo perfeito sem ela.
# $change: pontos percentuais com sinal ("−2,31").
card-value-worth = sem a linha { $line }: { $without } ({ $change } pontos percentuais)
card-search-header = O melhor cartão de { $lines ->
        [one] 1 linha
       *[other] { $lines } linhas
    } e { $conditions ->
        [one] 1 condição
       *[other] { $conditions } condições
    } encontrado ({ $rules }): { $chance } de vitória contra o jogo perfeito.
card-search-speed = { $cards } cartões avaliados exatamente em { $seconds } s.

## Os arquivos de cartões de estratégia (cards/*.txt) e os cartões em `martian-dice rules`: os
## comentários acima das linhas de um cartão (crates/cards/src/shipped.rs). As chances vêm
## formatadas ("47,61%").
card-file-title = O melhor cartão de estratégia de { $lines ->
        [one] 1 linha
       *[other] { $lines } linhas
    } que `martian-dice card search --lines { $lines }` encontra, nas regras oficiais.
# $name: pocket ou club; $conditions, $words: o orçamento da busca.
card-file-title-budget = O cartão { $name ->
        [pocket] de bolso
       *[club] de clube
    }: o melhor cartão de estratégia de no máximo { $conditions } condições, cada linha com no máximo { $words } palavras (em inglês), que `martian-dice card search --conditions { $conditions } --words { $words }` encontra, nas regras oficiais. As últimas linhas são o jogo quando nenhuma outra se aplica.
card-file-title-expert = O cartão de especialista: o melhor cartão de estratégia de { $lines } linhas que `martian-dice card search --lines { $lines }` encontra, nas regras oficiais. As últimas linhas são o jogo quando nenhuma outra se aplica.
card-file-conditions = Condições a lembrar: { $conditions }.
card-file-chance = Chance exata de vencer o jogo perfeito (optimal): { $chance } ({ $first } no primeiro lugar, { $second } no segundo).
card-file-greedy = Contra o jogador de pontuação esperada (greedy): { $chance }.
card-file-reading = Leia de cima para baixo: a primeira linha que se aplica decide. Quando nenhuma se aplica, pegue o maior grupo de terráqueos (senão os raios da morte) e lance de novo.
card-file-worth-line = sem a linha { $line } { $without }
# $lines: o card-file-worth-line de cada linha, separados por vírgulas.
card-file-worth = Quanto vale cada linha, a chance contra o jogo perfeito sem ela: { $lines }.
card-file-size = { $lines ->
        [one] 1 linha
       *[other] { $lines } linhas
    }

## `martian-dice review` e `martian-dice train`: a análise de uma partida e o treino
## (crates/cli/src/review_cmd/messages.rs, crates/cli/src/train_cmd.rs).

review-title = Análise da partida de { $names }.
review-rules = Regras: { $rules }.
review-valuation = { $valuation ->
        [solo] Valores: o número esperado de turnos até o alvo (menos é melhor), exato.
        [duel] Valores: a chance de vencer, exata (o jogo de dois jogadores resolvido).
        [trio] Valores: a chance de vencer, exata (o jogo de três jogadores resolvido).
        [quad] Valores: a chance de vencer, exata (o jogo de quatro jogadores resolvido).
        [trio-reduction] Valores: a chance de vencer, uma aproximação (marcada com ≈): o jogo exato de três jogadores entre o jogador e seus dois adversários mais fortes, como o robô ótimo joga (por isso as chances dos jogadores podem não somar 100%).
       *[duel-reduction] Valores: a chance de vencer, uma aproximação (marcada com ≈): o duelo exato entre o jogador e seu adversário mais forte, como o robô ótimo joga (por isso as chances dos jogadores podem não somar 100%).
    }
review-classes = Cada decisão é classificada pelo que perde em relação à melhor opção: imprecisão a partir de { $inaccuracy }, erro a partir de { $mistake }, erro grave a partir de { $blunder }.
review-luck-note = O movimento de cada turno se divide entre os dados (sorte) e as decisões (habilidade); sorte e habilidade somam o movimento inteiro.
review-turn = Turno { $turn } (rodada { $round }), { $name }, { $scores }: { $transcript } — { $points }.
review-turn-unfinished = Turno { $turn } (rodada { $round }), { $name }, { $scores }: { $transcript } — inacabado.
review-choose = lançou { $roll }: { $options }
review-decide = { $tanks ->
        [lead] { $earthlings ->
            [0] nada separado
            [1] 1 terráqueo separado
           *[other] { $earthlings } terráqueos separados
        }, mas os tanques estão na frente (0 pontos até agora)
       *[hold] { $points ->
            [0] 0 pontos separados
            [1] 1 ponto separado
           *[other] { $points } pontos separados
        }
    }, { $dice ->
        [1] 1 dado restante
       *[other] { $dice } dados restantes
    }: { $options }
review-option = { $action ->
        [stop] parar
        [roll] lançar
       *[other] { $action }
    } { $value }{ $mark }
review-best-mark = { " " }(melhor)
review-verdict = { $class ->
        [forced] { $action }, a única escolha
        [best] { $action }: melhor
        [inaccuracy] { $action }: imprecisão, { $loss }
        [mistake] { $action }: erro, { $loss }
       *[blunder] { $action }: erro grave, { $loss }
    }
review-why = Por quê? { $reason }
# Uma partida medida contra uma carta de estratégia (`review --card`). $followed, $right: yes,
# no; $line: a linha da carta (0: a jogada padrão); $text: a linha; $doing: um texto
# card-action; $loss: a perda da jogada da carta, com a unidade.
review-card-decision = Carta: { $followed ->
        [yes] você fez o que ela diz{ $line ->
            [0] {" "}(a jogada padrão dela)
           *[other] {" "}(linha { $line })
        }{ $right ->
            [yes] {"."}
           *[no] , o que custa { $loss } aqui.
        }
       *[no] { $line ->
            [0] a jogada padrão dela
           *[other] a linha { $line }, “{ $text }”,
        } manda { $doing }{ $right ->
            [yes] , a melhor aqui.
           *[no] , o que custaria { $loss }.
        }
    }
# $card: o arquivo ou o nome da carta.
review-card-heading = Contra a carta { $card }:
# $agreement: uma porcentagem, sem o sinal; $player_loss, $card_loss: perdas com a unidade.
review-card-seat = { $name } seguiu a carta em { $followed } de { $decisions } decisões ({ $agreement }%); as escolhas perderam { $player_loss } ao todo, as jogadas da carta teriam perdido { $card_loss }.
# $list: itens review-card-at.
review-card-saves = Onde a carta teria salvado { $name }: { $list }.
review-card-beats = Onde { $name } superou a carta: { $list }.
# $turn: o turno do registro; $amount: uma variação com a unidade.
review-card-at = turno { $turn } ({ $amount })
review-action = { $action ->
        [stop] parou
        [roll] lançou de novo
       *[take] { $face ->
            [death-ray] pegou os raios da morte
            [human] pegou os humanos
            [cow] pegou as vacas
           *[chicken] pegou as galinhas
        }
    }
review-best-action = { $action ->
        [stop] parar
        [roll] lançar de novo
       *[take] { $face ->
            [death-ray] pegar os raios da morte
            [human] pegar os humanos
            [cow] pegar as vacas
           *[chicken] pegar as galinhas
        }
    }
review-move = { $measure ->
        [expected-turns] Duração esperada da partida { $before } → { $after }: os dados { $luck }, as decisões { $skill }.
       *[win-probability] Chance de { $name } { $before } → { $after }: os dados { $luck }, as decisões { $skill }.
    }
review-chances = Chances: { $list }.
review-summary = Resumo:
review-seat = { $name }: { $decisions ->
        [1] 1 decisão
       *[other] { $decisions } decisões
    }, precisão { $accuracy }, perda média { $mean }; melhores { $best }, imprecisões { $inaccuracies }, erros { $mistakes }, erros graves { $blunders }.
review-seat-forced = { $count ->
        [1] 1 forçada (uma só opção) não contada.
       *[other] { $count } forçadas (uma só opção) não contadas.
    }
review-seat-none = { $name }: nenhuma decisão com escolha.
review-seat-luck = Sorte { $luck }, habilidade { $skill } na partida.
review-biggest = Maior erro: turno { $turn } (rodada { $round }), placar { $scores }, { $position }: { $action }, o melhor era { $best } ({ $loss }).
review-biggest-none = Nenhuma decisão perdeu nada.
review-explore = Para explorar: { $command }
review-accuracy-note = Precisão = 100% × (1 − perda ÷ aposta), somadas sobre as decisões do jogador; a aposta de uma decisão é quanto a pior opção perde em relação à melhor.
review-roll-off = Desempate entre { $names }: { $winner } vence (pura sorte).
review-roll-off-unsettled = Desempate entre { $names }: não resolvido no registro.
review-winner = { $name } vence com { $points }.
review-shared = { $names } dividem a vitória com { $points }.
review-unfinished = O registro termina antes do fim da partida.
review-stopped = { $turn ->
        [0] A análise para aí: { $kind ->
            [record] o registro quebra as regras ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão.
        }
       *[other] A análise para no turno { $turn }: { $kind ->
            [record] o registro quebra as regras ({ $detail }).
            [position] o resolvedor não sabe avaliar a posição ({ $detail }).
            [not-covered] nenhuma solução cobre a posição.
           *[no-decision] o turno não esperava decisão.
        }
    }
review-cannot-read = não foi possível ler { $path }: { $error }
review-bad-chart = o gráfico deve ser um arquivo .svg ou .png, não { $path }
review-chart-written = Gráfico gravado em { $path }.
review-chart-title = { $measure ->
        [expected-turns] Duração esperada da partida após cada turno
       *[win-probability] Chance de vencer após cada turno
    }
review-chart-x = turnos jogados
review-chart-y = { $measure ->
        [expected-turns] turnos esperados
       *[win-probability] chance de vencer
    }
review-chart-roll-off = desempate
review-chart-approximate = Aproximação: a chance de cada jogador no jogo exato de três jogadores (ou no duelo) entre ele e seus adversários mais fortes; elas podem não somar 100%.
train-intro = Treino: posições escolhidas pelo que ensinam: escolhas de tipo e decisões de parar ou lançar, onde uma regra prática acerta e onde erra, também perto do fim da partida ({ $theme }). Pegue um tipo pela letra (R, H, V, G; ou C, K); quando a pergunta for parar ou lançar de novo, p para e l lança; q sai.
# $seed: a semente das partidas da sessão, em algarismos.
train-seed = Semente { $seed }: `martian-dice train --seed { $seed }` traz as mesmas posições às mesmas respostas.
train-theme = { $theme ->
        [any] qualquer tipo de posição
        [tanks-close-to-rays] tanques perto dos raios da morte
        [final-round] a rodada final
        [near-target] perto do alvo
       *[bonus-hunting] em busca do bônus
    }
train-position = Posição { $number } de { $count }, rodada { $round }: { $scores }; você joga.
train-order = Ordem dos lugares: { $order } (cada rodada começa por { $first }).
train-final-round = Esta é a rodada final: um jogador alcançou o alvo.
train-aside = { $phase ->
        [choosing] Separados antes deste lançamento
       *[deciding] Separados
    }: { $dice }; { $tanks ->
        [lead] os tanques estão na frente, então ainda não vale nada
       *[hold] o turno vale { $points ->
            [0] 0 pontos
            [1] 1 ponto
           *[other] { $points } pontos
        } até aqui
    }{ $phase ->
        [choosing] {"."}
       *[deciding] ; { $left ->
            [1] resta 1 dado.
           *[other] restam { $left } dados.
        }
    }
train-aside-nothing = Nada separado ainda.
train-rolled = Lançou: { $roll } ({ $count ->
        [1] 1 dado
       *[other] { $count } dados
    }).
train-ask-take = Que tipo você pega? ({ $choices })
train-ask-decide = Parar ou lançar de novo? ({ $stop }, { $roll })
train-unknown = Não é uma opção aqui: { $text }.
train-doing = { $action ->
        [stop] parar
        [roll] lançar de novo
       *[take] pegar { $face ->
            [death-ray] os raios da morte
            [human] os humanos
            [cow] as vacas
           *[chicken] as galinhas
        }
    }
train-right = Certo: { $action } é o melhor.
train-wrong = Não é o melhor: { $action } é { $class ->
        [inaccuracy] uma imprecisão
        [mistake] um erro
       *[blunder] um erro grave
    } ({ $loss }); o melhor é { $best }.
train-why = Por quê? { $reason }
train-best = Melhor: { $action }.
train-thumb = { $thumb ->
        [most-dice] A regra prática "pegue o tipo com mais dados" faria { $action }
       *[stop-at-six] A regra prática "pare com 6 pontos ou mais" faria { $action }
    }: { $right ->
        [yes] acerta aqui.
       *[no] erra aqui.
    }
train-options = Todas as opções: { $options }.
train-score = Placar: { $best } de { $answered } melhores, { $lost ->
        [no] nada perdido.
       *[yes] { $loss } perdidos ao todo.
    }
train-summary = Fim da sessão: { $best } de { $answered } melhores, { $lost ->
        [no] nada perdido.
       *[yes] { $loss } perdidos ao todo.
    }
train-trend = Suas últimas sessões: { $rates } de melhores respostas, { $trend ->
        [improving] melhorando.
        [slipping] piorando: os tipos a treinar voltam primeiro.
       *[steady] estável.
    }
train-lesson-record = { $lesson } ({ $right } de { $seen } certas)
train-work-on = Para treinar: { $lessons }.
train-none = Não se encontrou outra posição deste tipo com estas regras.
train-you = você
train-theme-never = Nenhuma posição deste tipo ({ $theme }) ocorre em { $players ->
        [one] partidas solo
       *[other] partidas de { $players } jogadores
    } com estas regras.
train-bad-margin = A margem deve ser um número positivo, não { $margin }.
train-bad-players = --players aceita 1, 2, 3 ou 4, ou uma mistura como 2,3 (posições solo não se misturam), não '{ $players }'
lesson-name = { $decision ->
        [take] { $cause ->
            [now] escolhas de tipo em que decidem os pontos pegos agora
            [later] escolhas de tipo em que decidem os dados guardados para depois
            [risk] escolhas de tipo em que decide o risco dos tanques
            [bonus] escolhas de tipo em que decide o bônus
           *[situation] escolhas de tipo em que decide o placar da partida
        }
       *[stop-or-roll] { $cause ->
            [later] parar ou lançar em que decidem os dados que sobram
            [risk] parar ou lançar em que decide o risco dos tanques
            [bonus] parar ou lançar em que decide o bônus
           *[situation] parar ou lançar em que decide o placar da partida
        }
    }

## martian-dice challenge: o desafio diário.
# $problem: um dos textos challenge-date-*.
challenge-bad-date = --date: { $problem }
challenge-date-format = '{ $date }' não é uma data escrita AAAA-MM-DD
challenge-date-year = o ano vai de 1 a 9999, não { $year }
# $month: um número.
challenge-date-month = o mês vai de 1 a 12, não { $month }
# $month: o ano e o mês, 2026-02; $day, $days: números.
challenge-date-day = { $month } tem { $days } dias, não { $day }
# $date: AAAA-MM-DD; $bot: um bot-name.
challenge-title = Desafio diário de { $date }: você contra o bot { $bot }, nas regras oficiais. Cada decisão é avaliada contra o jogo perfeito; a análise fica desligada.
challenge-bot-plays = O bot { $bot } joga no seu lugar.
challenge-coach-off = A análise fica desligada durante o desafio: a revisão vem no fim.
challenge-left = Você saiu do desafio antes do fim: ele não é avaliado.
challenge-input-ended = A entrada acabou antes do jogo: o desafio não é avaliado.
challenge-graded = O desafio de { $date }, avaliado:
# $won: yes ou no; $you, $them: os totais finais.
challenge-result = { $won ->
        [yes] Você venceu, { $you } a { $them }.
       *[no] Você perdeu, { $you } a { $them }.
    }
# $points: um número decimal.
challenge-loss = Chance de vencer perdida contra o jogo perfeito: { $points } pontos (0 é o jogo perfeito; quanto menos, melhor).
# $accuracy: uma porcentagem.
challenge-accuracy = Precisão: { $accuracy }.
challenge-accuracy-none = Precisão: nenhuma decisão pôs algo em jogo.
# $marks: um quadrado por turno seu.
challenge-marks = Seus turnos: { $marks } (🟩 a melhor, 🟨 imprecisão, 🟧 erro, 🟥 erro grave)
challenge-lost-nothing = Você não perdeu nada: jogo perfeito.
challenge-lost-most = Onde você mais perdeu:
# $chosen: um review-action; $best: um review-best-action; $points: um número decimal.
challenge-lost-at = turno { $turn } (rodada { $round }): você { $chosen }; o jogo perfeito mandava { $best } (−{ $points } pontos).
challenge-share = Para compartilhar (sem dados, sem placar):
challenge-share-title = Martian Dice diário { $date } — { $points } pontos de chance perdidos

## A página do desafio diário (/challenge).

web-challenge-link = Desafio diário
# $date: AAAA-MM-DD.
web-challenge-title = Desafio diário — { $date }
web-challenge-about = Os mesmos dados para todos, contra o robô difícil nas regras oficiais. Cada decisão é avaliada contra o jogo perfeito: o placar mede habilidade, não sorte. A primeira partida de hoje vale para o placar, sem o treinador; os dias do arquivo não valem.
# $today: yes ou no.
web-challenge-play = { $today ->
        [yes] Jogar o desafio de hoje
       *[no] Jogar este dia (fora do placar)
    }
# $ranked: yes ou no.
web-challenge-result = { $ranked ->
        [yes] Seu resultado
       *[no] Seu resultado (fora do placar)
    }
# $rank, $of: números; $percentile: um número inteiro.
web-challenge-placing = Posição { $rank } de { $of } — você ficou empatado ou à frente de { $percentile }% dos jogadores do dia.
# $points: um número decimal; $won: yes ou no.
web-challenge-loss = Chance de vitória perdida contra o jogo perfeito: { $points } pontos. { $won ->
        [yes] Você venceu a partida.
       *[no] Você perdeu a partida.
    }
# $days: um número.
web-challenge-streak = { $days ->
        [one] Sequência: { $days } dia seguido com um desafio no placar.
       *[other] Sequência: { $days } dias seguidos com um desafio no placar.
    }
web-challenge-copy = Copiar
web-challenge-copied = Copiado

# O resultado como imagem (um SVG para baixar e compartilhar): sem dados, sem placar.
web-challenge-picture-title = Martian Dice, desafio diário { $date }
web-challenge-picture-loss = { $points } pontos de chance perdidos
# $rank, $of: números inteiros.
web-challenge-picture-place = Posição { $rank } de { $of }
web-challenge-picture-alt = Seu resultado como imagem: { $date }, { $points } pontos de chance perdidos, um quadrado por turno
web-challenge-picture-download = Baixar a imagem
web-challenge-decisions = Suas decisões, e o que os outros fizeram
# $turn: um número; $action: stop, roll ou take; $face: death-ray, human, cow, chicken (só take).
web-challenge-you = Turno { $turn }, você { $action ->
        [stop] parou:
        [roll] rolou de novo:
       *[take] { $face ->
            [death-ray] pegou os raios da morte:
            [human] pegou os humanos:
            [cow] pegou as vacas:
           *[chicken] pegou as galinhas:
        }
    }
# $share: um número inteiro (por cento); $action, $face: como em web-challenge-you.
web-challenge-others = { $share }% { $action ->
        [stop] pararam aqui
        [roll] rolaram de novo aqui
       *[take] { $face ->
            [death-ray] pegaram os raios da morte aqui
            [human] pegaram os humanos aqui
            [cow] pegaram as vacas aqui
           *[chicken] pegaram as galinhas aqui
        }
    }
# $action, $face: como em web-challenge-you.
web-challenge-perfect = o jogo perfeito { $action ->
        [stop] para
        [roll] rola de novo
       *[take] { $face ->
            [death-ray] pega os raios da morte
            [human] pega os humanos
            [cow] pega as vacas
           *[chicken] pega as galinhas
        }
    }
# $action, $face: como em web-challenge-you.
web-challenge-top = o melhor jogador do dia { $action ->
        [stop] parou
        [roll] rolou de novo
       *[take] { $face ->
            [death-ray] pegou os raios da morte
            [human] pegou os humanos
            [cow] pegou as vacas
           *[chicken] pegou as galinhas
        }
    }
web-challenge-board-title = O placar do dia
# O nome acessível da tabela.
web-challenge-board = Placar do desafio
web-challenge-board-loading = Carregando o placar…
web-challenge-board-failed = Não foi possível carregar o placar.
web-challenge-board-empty = Ninguém terminou ainda o desafio deste dia no placar.
web-challenge-rank = Posição
web-challenge-name = Jogador
web-challenge-lost = Pontos perdidos
web-challenge-accuracy = Precisão
web-challenge-game = Partida
web-challenge-guest = (visitante)
# $won: yes ou no; $scores: os totais finais, 25–19.
web-challenge-outcome = { $won ->
        [yes] venceu { $scores }
       *[no] perdeu { $scores }
    }
web-challenge-archive = Outros dias
web-challenge-today = Hoje

## Ratings (docs/ratings.md): partida rápida valendo rating, as mudanças na tela final, o perfil, a classificação.
web-match-rated = Valendo rating
# $rating: o rating de quem espera; $low, $high: os ratings com quem pode sentar agora.
web-match-range = Valendo rating: seu rating { $rating }, procurando de { $low } a { $high } (mais amplo quanto mais você espera).
web-rating = Rating
web-rating-provisional = provisório
# $games: partidas valendo rating jogadas.
web-rating-games = { $games ->
        [one] depois de 1 partida valendo rating
       *[other] depois de { $games } partidas valendo rating
    }
# $count: partidas valendo rating; $low, $high: o menor e o maior rating nelas.
web-rating-chart-label = { $count ->
        [one] Rating depois de 1 partida valendo rating: { $low }
       *[other] Rating depois de cada uma de { $count } partidas valendo rating, da mais antiga à mais recente: de { $low } a { $high }
    }
web-rating-changes = Mudança de rating
web-leaderboard = Classificação
# $days: há quantos dias pode ter sido a última partida valendo rating.
web-leaderboard-note = Jogadores estabelecidos com uma partida valendo rating nos últimos { $days } dias, e os ratings fixos dos robôs na mesma escala.
# $bot: o nome de um robô (easy, medium, hard, greedy, optimal).
web-leaderboard-bot = Robô: { $bot }
web-leaderboard-rank = Posição
web-leaderboard-player = Jogador
web-leaderboard-games = Partidas valendo rating
web-leaderboard-unavailable = Não foi possível ler a classificação: tente de novo mais tarde.
# $days: os dias em que a subida é contada.
web-climbers = Quem mais subiu nos últimos { $days } dias
web-climbers-climb = Ganhou
web-climbers-none = Ninguém subiu esta semana ainda.
web-accuracy-board = Melhor precisão (ao menos { $games } partidas valendo rating revisadas)
web-accuracy-board-accuracy = Precisão
web-accuracy-board-none = Ninguém tem { $games } partidas valendo rating revisadas ainda: a melhor precisão da revisão exata aparece aqui então.
web-accuracy-percent = { $accuracy }%
