sent by 47333: 2000 bytes, all of them retransmitted 1
sent by 47334: 2000 bytes, all of them retransmitted 1
received from 47333: 2000 bytes
received from 47334: 2000 bytes
retransmissions that disagree: 0

