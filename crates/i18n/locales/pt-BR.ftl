# Mensagens do Martian Dice em português do Brasil. Toda mensagem daqui existe também em en.ftl.

## Idiomas
lang-name = Português (Brasil)

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
    1. Lance todos os dados disponíveis (no início da sua vez, os 13).
    2. Separe todos os tanques que saíram. Tanques nunca são uma escolha: são obrigatórios e se
       somam aos tanques já separados neste turno.
    3. Escolha um tipo entre os outros dados que acabou de lançar e separe TODOS os dados desse tipo.
       Raios da Morte sempre podem ser escolhidos. Humanos, vacas ou galinhas só podem ser escolhidos
       se você ainda não separou esse tipo neste turno: cada tipo de terráqueo é pego no máximo uma
       vez por turno. Os dados que você não pegou voltam para ser lançados de novo.
    4. Se você não puder escolher nada (só saíram tanques, ou só terráqueos de tipos que você já
       tem), a sua vez acabou: vá para a pontuação. Isso não é um zero automático: pontue normalmente.
    5. Se não sobrar nenhum dado, a sua vez acabou: vá para a pontuação.
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
