sent by 27333: through byte 2000, retransmitted 1
sent by 27334: through byte 2000, retransmitted 1
received from 27333: 2000 bytes
received from 27334: 2000 bytes
retransmissions that disagree: 0

